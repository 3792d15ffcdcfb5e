import { Avatar, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalePath } from '../i18n/use-locale';
import { PATHS } from '../routing/paths';
import { useSession } from '../session/session-context';

function initials(text: string): string {
  return text.slice(0, 2).toUpperCase();
}

/** Hover menu (also opens on click/keyboard) with the username, company name and logout. */
export function AccountMenu() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const { identity } = useSession();
  const { user, company } = identity;

  return (
    <Menu trigger="click-hover" openDelay={50} closeDelay={200} position="bottom-end" shadow="md" width={240}>
      <Menu.Target>
        <UnstyledButton
          aria-label={t('shell.account.menuLabel')}
          data-testid="account-menu"
          style={{ borderRadius: 8 }}
          px={6}
          py={4}
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
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('shell.account.signedInAs')}</Menu.Label>
        <Stack gap={2} px="sm" pb="xs">
          <Text size="sm" fw={600}>
            {user.username}
          </Text>
          <Text size="xs" c="dimmed">
            {t('shell.account.company')}: {company.name}
          </Text>
        </Stack>
        <Menu.Divider />
        <Menu.Item component={Link} to={to(PATHS.me)} leftSection={<IconUserCircle size={16} aria-hidden />}>
          {t('shell.account.profile')}
        </Menu.Item>
        <Menu.Item
          component={Link}
          to={to(PATHS.logout)}
          color="red"
          leftSection={<IconLogout size={16} aria-hidden />}
        >
          {t('shell.account.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
