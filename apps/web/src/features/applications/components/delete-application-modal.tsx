import type { Application } from '@caudal/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal, ConfirmText } from '../../../shared/components/confirm-modal';
import { notifyFailure, notifySuccess } from '../../../shared/components/notify';
import { useDeleteApplicationMutation } from '../api/applications-api';

/** Deleting an application cuts its systems off at once; the dialog says so. */
export function DeleteApplicationModal({
  application: selected,
  onClose,
}: {
  application: Application | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // Keep the name on screen while the dialog animates closed.
  const [application, setApplication] = useState(selected);
  useEffect(() => {
    if (selected) setApplication(selected);
  }, [selected]);
  const remove = useDeleteApplicationMutation();

  const confirm = () => {
    if (!application) return;
    remove.mutate(application.client_id, {
      onSuccess: () => {
        notifySuccess(t('applications.remove.done', { name: application.name }));
        onClose();
      },
      // Spec section 8: a failed delete is 'UnexpectedError'.
      onError: () => notifyFailure(t('applications.remove.failed'), t('errors.codes.UnexpectedError')),
    });
  };

  return (
    <ConfirmModal
      opened={selected !== null}
      title={t('applications.remove.title')}
      confirmLabel={t('applications.remove.confirm')}
      cancelLabel={t('applications.remove.cancel')}
      loading={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      <ConfirmText>{t('applications.remove.text', { name: application?.name ?? '' })}</ConfirmText>
      <ConfirmText dimmed>{t('applications.remove.consequence')}</ConfirmText>
    </ConfirmModal>
  );
}
