import { Avatar, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/session-context';

function initials(text: string): string {
  return text.slice(0, 2).toUpperCase();
}

/** The account menu's button: shown alone until the menu's code loads, then as the menu's target. */
export function AccountButton(props: Omit<ComponentPropsWithRef<'button'>, 'color' | 'children' | 'style'>) {
  const { t } = useTranslation();
  const { identity } = useSession();
  const { user, company } = identity;
  return (
    <UnstyledButton
      // The name starts with what the button shows (username, company), so a voice user can say it.
      aria-label={`${user.username} ${company.name}, ${t('shell.account.menuLabel')}`}
      aria-haspopup="menu"
      data-testid="account-menu"
      style={{ borderRadius: 8 }}
      px={6}
      py={4}
      {...props}
    >
      <Group gap={10} wrap="nowrap">
        <Avatar color="brand" radius="xl" size={32} aria-hidden>
          {initials(user.name ?? user.username)}
        </Avatar>
        <Stack gap={0} visibleFrom="sm" style={{ lineHeight: 1.2 }}>
          <Text size="sm" fw={600} c="secondary.9" lh={1.3}>
            {user.username}
          </Text>
          <Text size="xs" c="dimmed" lh={1.3} maw={180} truncate>
            {company.name}
          </Text>
        </Stack>
        <IconChevronDown size={14} stroke={1.75} aria-hidden />
      </Group>
    </UnstyledButton>
  );
}
