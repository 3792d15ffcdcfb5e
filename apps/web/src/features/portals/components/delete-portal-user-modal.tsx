import type { PortalUserSummary } from '@caudal/contract';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../shared/api/api-error';
import { ConfirmModal, ConfirmText } from '../../../shared/components/confirm-modal';
import { notifyFailure, notifySuccess } from '../../../shared/components/notify';
import { translateDynamic } from '../../../shared/i18n/i18n';
import { useDeletePortalMutation } from '../api/portal-mutations';

interface DeletePortalUserModalProps {
  user: PortalUserSummary | null;
  onClose: () => void;
}

/** Deleting a portal user ends their session at once; the dialog says so before anything happens. */
export function DeletePortalUserModal({ user: selected, onClose }: DeletePortalUserModalProps) {
  const { t } = useTranslation();
  // While the dialog animates closed it keeps naming the user it was about.
  const last = useRef(selected);
  if (selected) last.current = selected;
  const user = last.current;
  const remove = useDeletePortalMutation();

  const confirm = () => {
    if (!user) return;
    remove.mutate(user.username, {
      onSuccess: () => {
        notifySuccess(t('portals.remove.done', { username: user.username }));
        onClose();
      },
      onError: (error) => notifyFailure(t('portals.remove.failed'), translateDynamic(errorMessageKey(error))),
    });
  };

  return (
    <ConfirmModal
      opened={selected !== null}
      title={t('portals.remove.title')}
      confirmLabel={t('portals.remove.confirm')}
      cancelLabel={t('portals.remove.cancel')}
      loading={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      <ConfirmText>{t('portals.remove.text', { username: user?.username ?? '' })}</ConfirmText>
      <ConfirmText dimmed>{t('portals.remove.consequence')}</ConfirmText>
    </ConfirmModal>
  );
}
