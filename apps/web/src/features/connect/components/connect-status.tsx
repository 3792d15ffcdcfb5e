import { Button, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconLinkOff, IconLock, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessageKey } from '../../../shared/api/api-error';
import { translateDynamic } from '../../../shared/i18n/i18n';

/** A dead token (unknown, used or expired): say so plainly; there is nothing to retry. */
export function InvalidLink() {
  const { t } = useTranslation();
  return (
    <FlowEnded
      icon={<IconLinkOff size={28} stroke={1.6} aria-hidden />}
      title={t('connect.invalid.title')}
      text={t('connect.invalid.text')}
      hint={t('connect.invalid.hint')}
    />
  );
}

/**
 * Wrong passwords past the caps: the flow stopped and its token is spent, so no retry is offered here;
 * the visitor may open the link again once the wait (the answer's Retry-After) is over.
 */
export function PasswordTriesSpent({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const seconds = error instanceof ApiError ? error.retryAfterSeconds : null;
  // A wait only when the login's own cap is spent; a visit ended by its own cap may start again now.
  const wait =
    seconds === null
      ? t('connect.tooManyTries.reopen')
      : t('connect.tooManyTries.wait', { count: Math.max(1, Math.ceil(seconds / 60)) });
  return (
    <FlowEnded
      icon={<IconLock size={28} stroke={1.6} aria-hidden />}
      title={t('connect.tooManyTries.title')}
      text={`${t('connect.tooManyTries.text')} ${wait}`}
      hint={t('connect.tooManyTries.hint')}
    />
  );
}

/** A flow that cannot go on from this page: what happened (announced) and what the visitor can do. */
function FlowEnded(props: { icon: React.ReactNode; title: string; text: string; hint: string }) {
  return (
    <Stack align="flex-start" gap="md">
      <ThemeIcon size={56} radius="xl" variant="light" color="red">
        {props.icon}
      </ThemeIcon>
      <Title order={1} fz={26} fw={700} c="secondary.9">
        {props.title}
      </Title>
      <Text size="md" role="alert">
        {props.text}
      </Text>
      <Text size="sm" c="dimmed">
        {props.hint}
      </Text>
    </Stack>
  );
}

export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack align="flex-start" gap="md" role="alert">
      <Title order={1} fz={26} fw={700} c="secondary.9">
        {t('connect.error.title')}
      </Title>
      <FailureText error={error} />
      <Button variant="light" leftSection={<IconRefresh size={16} aria-hidden />} onClick={onRetry}>
        {t('connect.retry')}
      </Button>
    </Stack>
  );
}

export function Redirecting() {
  const { t } = useTranslation();
  return (
    <Stack align="flex-start" gap="md" role="status">
      <ThemeIcon size={56} radius="xl" variant="light" color="teal">
        <IconCircleCheck size={28} stroke={1.6} aria-hidden />
      </ThemeIcon>
      <Title order={1} fz={26} fw={700} c="secondary.9">
        {t('connect.done.title')}
      </Title>
      <Text c="dimmed">{t('connect.done.text')}</Text>
    </Stack>
  );
}

export function Loading() {
  const { t } = useTranslation();
  return (
    <Stack align="center" py="xl" role="status" aria-label={t('connect.loading')}>
      <Loader />
    </Stack>
  );
}

/** The end of the flow for an account holder: done, nothing more to do here. */
export function Completed({ company }: { company: string | null }) {
  const { t } = useTranslation();
  return (
    <Stack align="flex-start" gap="md" role="status">
      <ThemeIcon size={56} radius="xl" variant="light" color="teal">
        <IconCircleCheck size={28} stroke={1.6} aria-hidden />
      </ThemeIcon>
      <Title order={1} fz={26} fw={700} c="secondary.9">
        {t('connect.complete.title')}
      </Title>
      <Text>{company ? t('connect.complete.textCompany', { company }) : t('connect.complete.text')}</Text>
    </Stack>
  );
}

/**
 * What a failed step says. Too many requests from the visitor's network: how long to wait, as the
 * answer's Retry-After said, in minutes; anything else, its code's message.
 */
export function useFailureMessage(error: unknown): string {
  const { t } = useTranslation();
  if (error instanceof ApiError && error.code === 'RateLimited' && error.retryAfterSeconds !== null) {
    return t('connect.rateLimited.text', { count: Math.max(1, Math.ceil(error.retryAfterSeconds / 60)) });
  }
  return translateDynamic(errorMessageKey(error));
}

function FailureText({ error }: { error: unknown }) {
  return <Text>{useFailureMessage(error)}</Text>;
}
