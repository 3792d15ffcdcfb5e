import { Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../shared/components/notify';
import { ErrorPanel } from '../../../shared/components/state-panel';
import { TotpEnrolmentSteps } from '../../../shared/components/two-factor/totp-enrolment';
import { beginEnrolment, confirmEnrolment, securityKeys, useTwoFactorQuery } from '../api/security-api';

/** Two-factor sign-in: on or off, and the enrolment (key, first code, recovery codes shown once). */
export function TwoFactorCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useTwoFactorQuery();
  const [isEnrolling, setEnrolling] = useState(false);
  // On once the first code is confirmed: the badge says so while the recovery codes are still shown.
  const confirm = async (code: string) => {
    const answer = await confirmEnrolment(code);
    void queryClient.invalidateQueries({ queryKey: securityKeys.twoFactor() });
    return answer;
  };
  const finished = () => {
    setEnrolling(false);
    notifySuccess(t('auth.security.twoFactorOnDone'));
    void queryClient.invalidateQueries({ queryKey: securityKeys.twoFactor() });
  };
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="two-factor-title">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4" id="two-factor-title">
            {t('auth.security.twoFactorTitle')}
          </Title>
          {status.data ? (
            <Badge color={status.data.is_enabled ? 'teal' : 'gray'} variant="light" tt="none">
              {t(status.data.is_enabled ? 'auth.security.on' : 'auth.security.off')}
            </Badge>
          ) : null}
        </Group>
        {status.isError ? (
          <ErrorPanel
            bare
            title={t('auth.security.loadFailed')}
            error={status.error}
            onRetry={() => void status.refetch()}
          />
        ) : !status.data ? (
          <Skeleton height={48} aria-hidden />
        ) : isEnrolling ? (
          <TotpEnrolmentSteps begin={beginEnrolment} confirm={confirm} onFinished={finished} />
        ) : status.data.is_enabled ? (
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <IconShieldCheck size={22} aria-hidden color="var(--mantine-color-teal-7)" />
            <Text size="sm">{t('auth.security.enabledText', { n: status.data.recovery_codes_left })}</Text>
          </Group>
        ) : (
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              {t(status.data.is_required ? 'auth.security.requiredText' : 'auth.security.offText')}
            </Text>
            <Button onClick={() => setEnrolling(true)}>{t('auth.security.enrol')}</Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
