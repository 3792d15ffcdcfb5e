import type { CredentialInformation } from '@caudal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../shared/api/api-error';
import { ConfirmModal, ConfirmText } from '../../../shared/components/confirm-modal';
import { notifyFailure, notifySuccess } from '../../../shared/components/notify';
import { translateDynamic } from '../../../shared/i18n/i18n';
import { useDeleteCredentialMutation } from '../api/connections-mutations';
import { shortToken } from '../lib/credential-summary';

interface DeleteCredentialModalProps {
  credential: CredentialInformation | null;
  entityName: string;
  onClose: () => void;
}

/** Names the institution and the token, so the user knows exactly which credential goes. */
export function DeleteCredentialModal({
  credential: selected,
  entityName,
  onClose,
}: DeleteCredentialModalProps) {
  const { t } = useTranslation();
  const [last, setLast] = useState(selected);
  if (selected && selected !== last) setLast(selected);
  const credential = selected ?? last;
  const remove = useDeleteCredentialMutation();

  const confirm = () => {
    if (!credential) return;
    remove.mutate(credential.credentials_token, {
      onSuccess: () => {
        notifySuccess(t('connections.remove.done'));
        onClose();
      },
      onError: (error) =>
        notifyFailure(t('connections.remove.failed'), translateDynamic(errorMessageKey(error))),
    });
  };

  return (
    <ConfirmModal
      opened={selected !== null}
      title={t('connections.remove.title')}
      confirmLabel={t('connections.remove.confirm')}
      cancelLabel={t('connections.remove.cancel')}
      loading={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      <ConfirmText>
        {t('connections.remove.text', {
          token: shortToken(credential?.credentials_token ?? ''),
          entity: entityName,
        })}
      </ConfirmText>
      <ConfirmText dimmed>{t('connections.remove.consequence')}</ConfirmText>
    </ConfirmModal>
  );
}
