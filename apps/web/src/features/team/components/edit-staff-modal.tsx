import { type Permission, type StaffMember, team } from '@caudal/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../shared/api/api-error';
import { AppModal } from '../../../shared/components/app-modal';
import { notifyFailure, notifySuccess } from '../../../shared/components/notify';
import { translateDynamic } from '../../../shared/i18n/i18n';
import { useUpdateStaffMutation } from '../api/team-mutations';
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
  const update = useUpdateStaffMutation();
  useEffect(() => {
    if (selected) {
      setRole(selected.role);
      setPermissions(selected.permissions);
      setPermissionsError(null);
    }
  }, [selected]);
  const save = () => {
    if (!member) return;
    const body = { username: member.username, role, permissions };
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
      onError: (error) => notifyFailure(t('team.edit.failed'), translateDynamic(errorMessageKey(error))),
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
