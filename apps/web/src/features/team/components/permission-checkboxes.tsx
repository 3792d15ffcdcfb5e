import { PERMISSION_BY_MODULE, type Permission } from '@caudal/contract/routes';
import { Checkbox, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session-context';

/** The company's modules as permission keys: a user may only be given what the company has. */
export function useCompanyPermissions(): Permission[] {
  const { identity } = useSession();
  return identity.modules.map((module) => PERMISSION_BY_MODULE[module]);
}

interface PermissionCheckboxesProps {
  value: Permission[];
  onChange: (value: Permission[]) => void;
  error?: string;
}

export function PermissionCheckboxes({ value, onChange, error }: PermissionCheckboxesProps) {
  const { t } = useTranslation();
  const choices = useCompanyPermissions();
  return (
    <Checkbox.Group
      label={t('team.permissions.label')}
      description={t('team.permissions.hint')}
      value={value}
      onChange={(next) => onChange(next as Permission[])}
      error={error}
    >
      <Group gap="md" mt="xs">
        {choices.map((permission) => (
          <Checkbox key={permission} value={permission} label={t(`team.permissions.${permission}`)} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}
