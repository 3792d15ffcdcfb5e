import type { CredentialInformation } from '@caudal/contract/routes';
import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLink, IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../shared/api/api-error';
import { notifyFailure, notifySuccess } from '../../../shared/components/notify';
import { translateDynamic } from '../../../shared/i18n/i18n';
import { useCreateRenewalLinkMutation } from '../api/connections-mutations';
import { ConsentCell } from './consent-cell';
import { CredentialLinkBody, CredentialLinkModal } from './credential-link-modal';

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
  return (
    <CredentialLinkModal target={target} title={() => t('connections.consent.renewTitle')} onClose={onClose}>
      {(shown) => (
        <RenewalBody
          key={shown.credential.credentials_token}
          target={shown}
          entityName={entityName}
          onClose={onClose}
        />
      )}
    </CredentialLinkModal>
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

  // No language is sent: the mail and the page are the holder's (their last visit's, else the company's).
  const send = form.onSubmit(({ email }) => {
    setIntent('send');
    const sendTo = email.trim();
    create.mutate(
      { credentialsToken: credential.credentials_token, sendTo },
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
    create.mutate({ credentialsToken: credential.credentials_token, sendTo: null }, { onError: fail });
  };
  const link = intent === 'copy' ? create.data : undefined;

  return (
    <form onSubmit={send} noValidate>
      <CredentialLinkBody
        credential={credential}
        entityName={entityName}
        notice={{ text: t('connections.consent.renewText'), color: 'blue' }}
        aside={<ConsentCell consent={credential} />}
        link={link ? { label: t('connections.consent.linkLabel'), ...link } : null}
        onClose={onClose}
        actions={[
          {
            label: t('connections.consent.copyInstead'),
            icon: <IconLink size={16} aria-hidden />,
            variant: 'light',
            onClick: copy,
            loading: create.isPending && intent === 'copy',
            disabled: create.isPending && intent === 'send',
          },
          {
            label: t('connections.consent.send'),
            icon: <IconMailForward size={16} aria-hidden />,
            variant: 'filled',
            type: 'submit',
            loading: create.isPending && intent === 'send',
            disabled: create.isPending && intent === 'copy',
          },
        ]}
      >
        <TextInput
          type="email"
          label={t('connections.consent.sendTo')}
          description={t('connections.consent.sendToHint')}
          autoComplete="off"
          required
          data-autofocus
          {...form.getInputProps('email')}
        />
      </CredentialLinkBody>
    </form>
  );
}
