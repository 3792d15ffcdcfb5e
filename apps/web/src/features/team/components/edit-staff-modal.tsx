import { type Permission, type StaffMember, team } from '@caudal/contract';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey, isCallError } from '../../../shared/api/api-error';
import { AppModal } from '../../../shared/components/app-modal';
import { notifyFailure, notifySuccess } from '../../../shared/components/notify';
import { translateDynamic } from '../../../shared/i18n/i18n';
import { useUpdateStaffMutation } from '../api/team-mutations';
import { fetchStaffMember } from '../api/team-queries';
import { PermissionCheckboxes } from './permission-checkboxes';
import { RoleRadio } from './role-radio';

/** Role and permissions; the server refuses removing the last admin or one's own admin role. */
export function EditStaffModal({
  member: selected,
  isSelf,
  onClose,
}: {
  member: StaffMember | null;
  isSelf: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const last = useRef(selected);
  if (selected) last.current = selected;
  const member = last.current;
  const [role, setRole] = useState<'admin' | 'member'>('member');
  const [permissions, setPermissions] = useState<Permission[]>([]);
  const [permissionsError, setPermissionsError] = useState<string | null>(null);
  // What the save is based on: the member as the dialog loaded them, or as found after a conflict.
  const [baseline, setBaseline] = useState<team.StaffSnapshot | null>(null);
  const [changedMeanwhile, setChangedMeanwhile] = useState<team.StaffSnapshot | null>(null);
  const update = useUpdateStaffMutation();
  useEffect(() => {
    if (selected) {
      setRole(selected.role);
      setPermissions(selected.permissions);
      setPermissionsError(null);
      setBaseline(toSnapshot(selected));
      setChangedMeanwhile(null);
    }
  }, [selected]);
  const onConflict = (username: string) => {
    // A colleague saved this member's role or permissions while the dialog was open: show what they
    // saved, keep what was picked here, and let a second save replace it knowingly.
    fetchStaffMember(username).then(
      (current) => {
        setBaseline(toSnapshot(current));
        setChangedMeanwhile(toSnapshot(current));
      },
      (refreshError: unknown) =>
        notifyFailure(t('team.edit.failed'), translateDynamic(errorMessageKey(refreshError))),
    );
  };
  const save = () => {
    if (!member) return;
    const body = { username: member.username, role, permissions, expected: baseline ?? undefined };
    // The contract's own rule (a member needs a section), said on the field before anything is sent.
    const checked = team.ZUpdateStaffRequest.safeParse(body);
    const issue = checked.success ? undefined : checked.error.issues.find((i) => i.path[0] === 'permissions');
    setPermissionsError(issue ? translateDynamic(issue.message) : null);
    if (issue) return;
    update.mutate(body, {
      onSuccess: () => {
        notifySuccess(t('team.edit.done', { username: member.username }));
        onClose();
      },
      onError: (error) => {
        if (isCallError(team.updateStaff, error, 'Conflict')) onConflict(member.username);
        else if (isCallError(team.updateStaff, error, 'NotFound')) {
          // Removed by a colleague meanwhile: nothing left to edit here (the list refreshes on its own).
          notifyFailure(t('team.edit.failed'), t('team.edit.gone', { username: member.username }));
          onClose();
        } else notifyFailure(t('team.edit.failed'), translateDynamic(errorMessageKey(error)));
      },
    });
  };
  return (
    <AppModal
      opened={selected !== null}
      onClose={onClose}
      title={t('team.edit.title', { username: member?.username ?? '' })}
      size="lg"
    >
      <Stack gap="md">
        {changedMeanwhile && member ? (
          <ChangedMeanwhile username={member.username} saved={changedMeanwhile} />
        ) : null}
        <Text size="sm" c="dimmed">
          {t('team.edit.text')}
        </Text>
        {/* Nobody removes their own admin role: the choice is not offered (the server refuses it too). */}
        <RoleRadio value={role} onChange={setRole} disabled={isSelf} />
        <PermissionCheckboxes
          value={permissions}
          onChange={setPermissions}
          error={permissionsError ?? undefined}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('team.edit.cancel')}
          </Button>
          <Button onClick={save} loading={update.isPending}>
            {t('team.edit.save')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

function toSnapshot(member: team.StaffSnapshot): team.StaffSnapshot {
  return { role: member.role, permissions: [...member.permissions] };
}

/** What a colleague saved meanwhile: the dialog keeps what was picked, so a save would drop it unseen. */
function ChangedMeanwhile({ username, saved }: { username: string; saved: team.StaffSnapshot }) {
  const { t } = useTranslation();
  const role = t(`team.roles.${saved.role}`);
  return (
    <Alert color="yellow" role="alert" title={t('team.edit.conflictTitle', { username })}>
      {saved.permissions.length > 0
        ? t('team.edit.conflictText', {
            role,
            permissions: saved.permissions
              .map((permission) => t(`team.permissions.${permission}`))
              .join(', '),
          })
        : t('team.edit.conflictTextNoPermissions', { role })}
    </Alert>
  );
}
