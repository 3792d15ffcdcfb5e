import type { StaffMember } from '@caudal/contract';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../shared/api/api-error';
import { ConfirmModal, ConfirmText } from '../../../shared/components/confirm-modal';
import { notifyFailure, notifySuccess } from '../../../shared/components/notify';
import { translateDynamic } from '../../../shared/i18n/i18n';
import { type StaffAction, useStaffActionMutation } from '../api/team-mutations';

export interface PendingAction {
  action: StaffAction;
  member: StaffMember;
}

/** Revoke, disable, enable and delete each ask first, and say what happens to the person's session. */
export function StaffActionModal({
  pending: selected,
  onClose,
}: {
  pending: PendingAction | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // While the dialog animates closed it keeps naming what it was about.
  const last = useRef(selected);
  if (selected) last.current = selected;
  const pending = last.current;
  const run = useStaffActionMutation();
  const action = pending?.action ?? 'disable';
  const username = pending?.member.username ?? '';
  const confirm = () => {
    if (!pending) return;
    run.mutate(
      { action, username },
      {
        onSuccess: () => {
          notifySuccess(t(`team.confirm.${action}.done`, { username }));
          onClose();
        },
        onError: (error) =>
          notifyFailure(t(`team.confirm.${action}.failed`), translateDynamic(errorMessageKey(error))),
      },
    );
  };
  return (
    <ConfirmModal
      opened={selected !== null}
      title={t(`team.confirm.${action}.title`, { username })}
      confirmLabel={t(`team.confirm.${action}.confirm`)}
      cancelLabel={t('team.confirm.cancel')}
      loading={run.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      <ConfirmText>{t(`team.confirm.${action}.text`, { username })}</ConfirmText>
    </ConfirmModal>
  );
}
