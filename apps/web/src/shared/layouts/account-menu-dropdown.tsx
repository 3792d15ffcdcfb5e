import { Menu, Stack, Text } from '@mantine/core';
import { IconKey, IconLogout, IconShieldLock, IconUserCircle } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getRuntimeConfig } from '../config/runtime-config';
import { useFocusBack } from '../hooks/use-intent-mount';
import { useLocalePath } from '../i18n/use-locale';
import { PATHS } from '../routing/paths';
import { useSession } from '../session/session-context';
import { AccountButton } from './account-button';

// The dialog's form (and the contract's schemas it validates with) load when it is first opened.
const ChangePasswordModal = lazy(() =>
  import('./change-password-modal').then((m) => ({ default: m.ChangePasswordModal })),
);

interface AccountMenuDropdownProps {
  /** Open at once: the user reached for the button before the menu's code had loaded. */
  defaultOpened?: boolean;
  /** The button had the focus before the menu loaded: give it back. */
  focusButton?: boolean;
}

/** Hover menu (also opens on click/keyboard) with the username, company name and logout. */
export function AccountMenuDropdown({
  defaultOpened = false,
  focusButton = false,
}: AccountMenuDropdownProps) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const { identity } = useSession();
  const { user, company } = identity;
  const focusBack = useFocusBack<HTMLButtonElement>(focusButton && !defaultOpened);
  const [isChangingPassword, setChangingPassword] = useState(false);
  const [hasOpenedPassword, setOpenedPassword] = useState(false);
  // With single sign-on the password lives with the identity provider, not here.
  const hasOwnPassword = getRuntimeConfig().authStrategy === 'local';

  return (
    <>
      <Menu
        trigger="click-hover"
        openDelay={50}
        closeDelay={200}
        position="bottom-end"
        shadow="md"
        width={240}
        defaultOpened={defaultOpened}
        onClose={focusBack.onMenuClose}
      >
        <Menu.Target>
          <AccountButton ref={focusBack.ref} />
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
          <Menu.Item
            component={Link}
            to={to(PATHS.me)}
            leftSection={<IconUserCircle size={16} aria-hidden />}
          >
            {t('shell.account.profile')}
          </Menu.Item>
          <Menu.Item
            component={Link}
            to={to(PATHS.security)}
            leftSection={<IconShieldLock size={16} aria-hidden />}
          >
            {t('shell.account.security')}
          </Menu.Item>
          {hasOwnPassword ? (
            <Menu.Item
              leftSection={<IconKey size={16} aria-hidden />}
              onClick={() => {
                setOpenedPassword(true);
                setChangingPassword(true);
              }}
            >
              {t('shell.account.changePassword')}
            </Menu.Item>
          ) : null}
          <Menu.Item
            component={Link}
            to={to(PATHS.logout)}
            color="red.9"
            leftSection={<IconLogout size={16} aria-hidden />}
          >
            {t('shell.account.logout')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {hasOpenedPassword ? (
        <Suspense fallback={null}>
          <ChangePasswordModal opened={isChangingPassword} onClose={() => setChangingPassword(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
