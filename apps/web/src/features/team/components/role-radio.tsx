import { Radio, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function RoleRadio({
  value,
  onChange,
  disabled,
}: {
  value: 'admin' | 'member';
  onChange: (value: 'admin' | 'member') => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      label={t('team.invite.role')}
      value={value}
      onChange={(next) => onChange(next === 'admin' ? 'admin' : 'member')}
    >
      <Stack gap="xs" mt="xs">
        {(['member', 'admin'] as const).map((role) => (
          <Radio
            key={role}
            value={role}
            disabled={disabled}
            label={t(`team.roles.${role}`)}
            description={t(`team.roleHelp.${role}`)}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}
