import { Button, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLinkCallbackQuery } from '../api/public-link-queries';

/**
 * `/link-callback?code=…`: where a Link's visitor lands, in a browser with no staff session. It only asks
 * whether the code is valid (never spends it) and says so with the spec's texts (section 8).
 */
export function LinkCallbackRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = (params.get('code') ?? '').trim();
  const query = useLinkCallbackQuery(code);

  if (code === '' || query.data === 'invalid') {
    return (
      <Verdict
        color="red"
        icon={<IconCircleX size={30} stroke={1.6} aria-hidden />}
        title={t('errors.linkCallbackInvalid')}
      >
        {code === '' ? t('links.callback.missingText') : t('links.callback.invalidText')}
      </Verdict>
    );
  }
  if (query.data === 'valid') {
    return (
      <Verdict
        color="teal"
        icon={<IconCircleCheck size={30} stroke={1.6} aria-hidden />}
        title={t('errors.linkCallbackSuccess')}
      >
        {t('links.callback.successText')}
      </Verdict>
    );
  }
  if (query.isError) {
    return (
      <Verdict
        color="orange"
        icon={<IconAlertTriangle size={30} stroke={1.6} aria-hidden />}
        title={t('errors.linkCallbackError')}
        action={
          <Button
            variant="light"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => query.refetch()}
          >
            {t('links.callback.retry')}
          </Button>
        }
      >
        {t('links.callback.errorText')}
      </Verdict>
    );
  }
  return (
    <Paper withBorder radius="md" p="xl" maw={560} mx="auto" my="xl">
      <Stack align="center" gap="md" role="status">
        <Loader />
        <Text c="dimmed">{t('links.callback.checking')}</Text>
      </Stack>
    </Paper>
  );
}

interface VerdictProps {
  color: string;
  icon: React.ReactNode;
  title: string;
  children: string;
  action?: React.ReactNode;
}

function Verdict({ color, icon, title, children, action }: VerdictProps) {
  return (
    <Paper withBorder radius="md" p="xl" maw={560} mx="auto" my="xl">
      <Stack align="center" gap="md" ta="center" role="status">
        <ThemeIcon size={60} radius="xl" variant="light" color={color}>
          {icon}
        </ThemeIcon>
        <Title order={1} fz={24} fw={700} c="secondary.9">
          {title}
        </Title>
        <Text c="dimmed">{children}</Text>
        {action}
      </Stack>
    </Paper>
  );
}
