import type { Link } from '@caudal/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmModal, ConfirmText } from '../../../shared/components/confirm-modal';
import { notifyFailure, notifySuccess } from '../../../shared/components/notify';
import { useDeleteLinkMutation } from '../api/links-mutations';
import { useLastDefined } from './use-last-defined';

/** Deleting a Link kills its URL for good; the connected credentials stay, and the dialog says so. */
export function DeleteLinkModal({ link: selected, onClose }: { link: Link | null; onClose: () => void }) {
  const { t } = useTranslation();
  const link = useLastDefined(selected);
  const remove = useDeleteLinkMutation();

  const confirm = () => {
    if (!link) return;
    remove.mutate(link.token, {
      onSuccess: () => {
        notifySuccess(t('links.remove.done', { name: link.name }));
        onClose();
      },
      // Spec section 8: a failed delete is 'UnexpectedError'.
      onError: () => {
        notifyFailure(t('links.remove.failed'), t('errors.codes.UnexpectedError'));
        onClose();
      },
    });
  };

  return (
    <ConfirmModal
      opened={selected !== null}
      title={t('links.remove.title')}
      confirmLabel={t('links.remove.confirm')}
      cancelLabel={t('links.remove.cancel')}
      loading={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      <ConfirmText>{t('links.remove.text', { name: link?.name ?? '' })}</ConfirmText>
      <ConfirmText dimmed>{t('links.remove.consequence')}</ConfirmText>
    </ConfirmModal>
  );
}
