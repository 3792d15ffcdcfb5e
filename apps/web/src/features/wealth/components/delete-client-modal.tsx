import type { Client } from '@caudal/contract';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../shared/api/api-error';
import { ConfirmModal, ConfirmText } from '../../../shared/components/confirm-modal';
import { notifyFailure, notifySuccess } from '../../../shared/components/notify';
import { translateDynamic } from '../../../shared/i18n/i18n';
import { useDeleteClientMutation } from '../api/client-mutations';
import { useLastDefined } from './use-last-defined';

interface DeleteClientModalProps {
  client: Client | null;
  onClose: () => void;
  onDeleted?: () => void;
}

/** Deleting a client is safe for its products (they return to pending), and the dialog says so. */
export function DeleteClientModal({ client: selected, onClose, onDeleted }: DeleteClientModalProps) {
  const { t } = useTranslation();
  const client = useLastDefined(selected);
  const remove = useDeleteClientMutation();

  const confirm = () => {
    if (!client) return;
    remove.mutate(client.id, {
      onSuccess: () => {
        notifySuccess(t('wealth.remove.done', { name: client.name }));
        onClose();
        onDeleted?.();
      },
      onError: (error) => notifyFailure(t('wealth.remove.failed'), translateDynamic(errorMessageKey(error))),
    });
  };

  return (
    <ConfirmModal
      opened={selected !== null}
      title={t('wealth.remove.title')}
      confirmLabel={t('wealth.remove.confirm')}
      cancelLabel={t('wealth.remove.cancel')}
      loading={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      <ConfirmText>{t('wealth.remove.text', { name: client?.name ?? '' })}</ConfirmText>
      <ConfirmText dimmed>{t('wealth.remove.consequence')}</ConfirmText>
    </ConfirmModal>
  );
}
