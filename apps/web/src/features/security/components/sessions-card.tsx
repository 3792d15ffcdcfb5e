import type { UserSession } from '@caudal/contract/routes';
import { Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDeviceDesktop } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../shared/api/api-error';
import { ConfirmModal, ConfirmText } from '../../../shared/components/confirm-modal';
import { notifyFailure, notifySuccess } from '../../../shared/components/notify';
import { ErrorPanel } from '../../../shared/components/state-panel';
import { useFormatters } from '../../../shared/format/use-formatters';
import { translateDynamic } from '../../../shared/i18n/i18n';
import { useEndOtherSessionsMutation, useEndSessionMutation, useSessionsQuery } from '../api/security-api';
import { describeBrowser } from '../lib/describe-browser';

type Pending = { kind: 'one'; session: UserSession } | { kind: 'others' };

function useDateTime() {
  const { iso } = useFormatters();
  return useMemo(() => new Intl.DateTimeFormat(iso, { dateStyle: 'medium', timeStyle: 'short' }), [iso]);
}

/** The user's live sessions: where and when; end one, or every other one at once. */
export function SessionsCard() {
  const { t } = useTranslation();
  const sessions = useSessionsQuery();
  const endOne = useEndSessionMutation();
  const endOthers = useEndOtherSessionsMutation();
  const [pending, setPending] = useState<Pending | null>(null);
  const dateTime = useDateTime();
  const others = sessions.data?.filter((session) => !session.is_current) ?? [];

  const label = (session: UserSession) => {
    const { browser, system } = describeBrowser(session.browser);
    if (browser && system) return t('auth.security.browserOn', { browser, system });
    return browser ?? system ?? t('auth.security.unknownBrowser');
  };
  const confirm = () => {
    if (!pending) return;
    const done = () => setPending(null);
    if (pending.kind === 'one') {
      endOne.mutate(pending.session.id, {
        onSuccess: () => {
          notifySuccess(t('auth.security.endDone'));
          done();
        },
        onError: (error) =>
          notifyFailure(t('auth.security.endFailed'), translateDynamic(errorMessageKey(error))),
      });
    } else {
      endOthers.mutate(undefined, {
        onSuccess: (answer) => {
          notifySuccess(t('auth.security.endOthersDone', { n: answer.ended }));
          done();
        },
        onError: (error) =>
          notifyFailure(t('auth.security.endFailed'), translateDynamic(errorMessageKey(error))),
      });
    }
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="sessions-title">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4" id="sessions-title">
            {t('auth.security.sessionsTitle')}
          </Title>
          <Button
            variant="light"
            color="red"
            size="xs"
            disabled={others.length === 0}
            onClick={() => setPending({ kind: 'others' })}
          >
            {t('auth.security.endOthers')}
          </Button>
        </Group>
        {sessions.isError ? (
          <ErrorPanel
            bare
            title={t('auth.security.loadFailed')}
            error={sessions.error}
            onRetry={() => void sessions.refetch()}
          />
        ) : !sessions.data ? (
          <Skeleton height={64} aria-hidden />
        ) : (
          <Stack
            component="ul"
            gap="sm"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={t('auth.security.sessionsTitle')}
          >
            {sessions.data.map((session) => (
              <Paper component="li" key={session.id} withBorder radius="sm" p="sm" data-testid="session-row">
                <Group justify="space-between" wrap="wrap" gap="sm" align="flex-start">
                  <Group gap="sm" wrap="nowrap" align="flex-start">
                    <IconDeviceDesktop size={22} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
                    <Stack gap={2}>
                      <Group gap="xs">
                        <Text fw={600} size="sm">
                          {label(session)}
                        </Text>
                        {session.is_current ? (
                          <Badge size="sm" variant="light" color="teal" tt="none">
                            {t('auth.security.thisSession')}
                          </Badge>
                        ) : null}
                      </Group>
                      <Text size="xs" c="dimmed">
                        {t('auth.security.address')}: {session.address ?? t('auth.security.unknownAddress')}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t('auth.security.started', { date: dateTime.format(new Date(session.created_at)) })}
                        {' · '}
                        {t('auth.security.lastSeen', {
                          date: dateTime.format(new Date(session.last_seen_at)),
                        })}
                      </Text>
                    </Stack>
                  </Group>
                  {session.is_current ? null : (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      aria-label={t('auth.security.endOneOf', { name: label(session) })}
                      onClick={() => setPending({ kind: 'one', session })}
                    >
                      {t('auth.security.end')}
                    </Button>
                  )}
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
      <ConfirmModal
        opened={pending !== null}
        title={t(
          pending?.kind === 'others' ? 'auth.security.confirmOthersTitle' : 'auth.security.confirmOneTitle',
        )}
        confirmLabel={t('auth.security.end')}
        cancelLabel={t('auth.security.cancel')}
        loading={endOne.isPending || endOthers.isPending}
        onConfirm={confirm}
        onClose={() => setPending(null)}
      >
        <ConfirmText>
          {t(pending?.kind === 'others' ? 'auth.security.confirmOthersText' : 'auth.security.confirmOneText')}
        </ConfirmText>
      </ConfirmModal>
    </Paper>
  );
}
