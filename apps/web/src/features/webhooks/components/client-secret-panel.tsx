import type { Application } from '@caudal/contract/routes';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../shared/api/api-error';
import { AppModal } from '../../../shared/components/app-modal';
import { notifyFailure, notifySuccess } from '../../../shared/components/notify';
import { useFormatters } from '../../../shared/format/use-formatters';
import { translateDynamic } from '../../../shared/i18n/i18n';
import { useRotateClientSecret } from '../api/webhooks-api';
import { RotateModal } from './rotate-modal';
import { SecretOnce } from './secret-once';

/** The application's client secret: each secret's last use, the overlap, and rotation. */
export function ClientSecretPanel({ application }: { application: Application }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const rotate = useRotateClientSecret();
  const [step, setStep] = useState<'idle' | 'ask' | { secret: string }>('idle');
  const lastUse = (value: string | null | undefined) =>
    value
      ? t('webhooks.clientSecret.lastUsed', { date: format.dateTime(value) })
      : t('webhooks.clientSecret.neverUsed');
  return (
    <Stack gap="md">
      <div>
        <Text fw={700}>{t('webhooks.clientSecret.title')}</Text>
        <Text size="sm" c="dimmed">
          {t('webhooks.clientSecret.text')}
        </Text>
      </div>
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <div>
            <Text size="sm" fw={600}>
              {t('webhooks.clientSecret.current')}
            </Text>
            <Text size="sm" data-testid="current-secret-use">
              {lastUse(application.secret_last_used_at)}
            </Text>
          </div>
          {application.previous_secret_expires_at ? (
            <div>
              <Text size="sm" fw={600}>
                {t('webhooks.clientSecret.previous')}
              </Text>
              <Text size="sm">{lastUse(application.previous_secret_last_used_at)}</Text>
              <Text size="sm" c="dimmed">
                {t('webhooks.clientSecret.validUntil', {
                  date: format.dateTime(application.previous_secret_expires_at),
                })}
              </Text>
            </div>
          ) : null}
          <Group>
            <Button variant="default" onClick={() => setStep('ask')}>
              {t('webhooks.clientSecret.rotate')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <RotateModal
        opened={step === 'ask'}
        title={t('webhooks.clientSecret.rotate')}
        text={t('webhooks.clientSecret.text')}
        loading={rotate.isPending}
        onClose={() => setStep('idle')}
        onConfirm={(hours) =>
          rotate.mutate(
            { client_id: application.client_id, overlap_hours: hours },
            {
              onSuccess: (answer) => {
                notifySuccess(t('webhooks.clientSecret.rotated'));
                setStep({ secret: answer.client_secret });
              },
              onError: (error) =>
                notifyFailure(t('webhooks.rotate.failed'), translateDynamic(errorMessageKey(error))),
            },
          )
        }
      />
      <AppModal
        opened={typeof step === 'object'}
        onClose={() => undefined}
        withCloseButton={false}
        closeOnClickOutside={false}
        closeOnEscape={false}
        title={t('webhooks.clientSecret.newTitle')}
        centered
        size="lg"
      >
        {typeof step === 'object' ? (
          <SecretOnce
            warning={t('applications.secret.warning', { name: application.name })}
            label={t('applications.secret.clientSecret')}
            copyLabel={t('applications.secret.copySecret')}
            value={step.secret}
            onDone={() => setStep('idle')}
          />
        ) : null}
      </AppModal>
    </Stack>
  );
}
