import type { CredentialInformation } from '@caudal/contract/routes';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconInfoCircle, IconLink, IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../shared/api/api-error';
import { AppModal } from '../../../shared/components/app-modal';
import { notifyFailure, notifySuccess } from '../../../shared/components/notify';
import { translateDynamic } from '../../../shared/i18n/i18n';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useCreateRenewalLinkMutation } from '../api/connections-mutations';
import { shortToken } from '../lib/credential-summary';
import { ConsentCell } from './consent-cell';
import { LinkField } from './link-field';

export interface RenewalTarget {
  credential: CredentialInformation;
  /** The holder's address from the credential's identity, to prefill (staff may change it). */
  email: string | null;
}

interface RenewalModalProps {
  target: RenewalTarget | null;
  entityName: string;
  onClose: () => void;
}

/** Staff send the holder a consent renewal link by mail, or generate it to hand over themselves. */
export function RenewalModal({ target, entityName, onClose }: RenewalModalProps) {
  const { t } = useTranslation();
  const [last, setLast] = useState(target);
  if (target && target !== last) setLast(target);
  const shown = target ?? last;
  return (
    <AppModal
      opened={target !== null}
      onClose={onClose}
      title={t('connections.consent.renewTitle')}
      centered
      size="lg"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {shown ? (
        <RenewalBody
          key={shown.credential.credentials_token}
          target={shown}
          entityName={entityName}
          onClose={onClose}
        />
      ) : null}
    </AppModal>
  );
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function RenewalBody({
  target,
  entityName,
  onClose,
}: {
  target: RenewalTarget;
  entityName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = useLocale();
  const { credential } = target;
  const create = useCreateRenewalLinkMutation();
  const [intent, setIntent] = useState<'send' | 'copy'>('send');
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: target.email ?? '' },
    validate: {
      email: (value) =>
        value.trim() === ''
          ? t('validation.required')
          : EMAIL.test(value.trim())
            ? null
            : t('validation.email'),
    },
  });

  const fail = (error: unknown) =>
    notifyFailure(t('connections.consent.sendFailed'), translateDynamic(errorMessageKey(error)));

  const send = form.onSubmit(({ email }) => {
    setIntent('send');
    const sendTo = email.trim();
    create.mutate(
      { credentialsToken: credential.credentials_token, sendTo, language },
      {
        onSuccess: () => {
          notifySuccess(t('connections.consent.sent', { email: sendTo }));
          onClose();
        },
        onError: fail,
      },
    );
  });
  const copy = () => {
    setIntent('copy');
    create.mutate(
      { credentialsToken: credential.credentials_token, sendTo: null, language },
      { onError: fail },
    );
  };
  const link = intent === 'copy' ? create.data : undefined;

  return (
    <form onSubmit={send} noValidate>
      <Stack gap="md">
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
          {t('connections.consent.renewText')}
        </Alert>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Text size="sm" fw={500}>
            {t('connections.repair.entityToken', {
              entity: entityName,
              token: shortToken(credential.credentials_token),
            })}
          </Text>
          <ConsentCell consent={credential} />
        </Group>
        <TextInput
          type="email"
          label={t('connections.consent.sendTo')}
          description={t('connections.consent.sendToHint')}
          autoComplete="off"
          required
          data-autofocus
          {...form.getInputProps('email')}
        />
        {link ? (
          <LinkField
            label={t('connections.consent.linkLabel')}
            copyLabel={t('connections.repair.copy')}
            copiedLabel={t('connections.repair.copied')}
            expiresKey="connections.repair.expires"
            url={link.url}
            expiresAt={link.expires_at}
          />
        ) : null}
        <Group justify="space-between" mt="sm" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('connections.repair.close')}
          </Button>
          <Group gap="sm">
            <Button
              variant="light"
              leftSection={<IconLink size={16} aria-hidden />}
              onClick={copy}
              loading={create.isPending && intent === 'copy'}
              disabled={create.isPending && intent === 'send'}
            >
              {t('connections.consent.copyInstead')}
            </Button>
            <Button
              type="submit"
              leftSection={<IconMailForward size={16} aria-hidden />}
              loading={create.isPending && intent === 'send'}
              disabled={create.isPending && intent === 'copy'}
            >
              {t('connections.consent.send')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
