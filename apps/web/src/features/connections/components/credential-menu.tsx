import {
  type CredentialInformation,
  deriveCredentialState,
  findCredentialRepair,
} from '@caudal/contract/routes';
import { ActionIcon, Menu } from '@mantine/core';
import {
  IconDots,
  IconHistory,
  IconKey,
  IconLink,
  IconMailForward,
  IconRefresh,
  IconRotateClockwise2,
  IconShieldLock,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalePath } from '../../../shared/i18n/use-locale';
import { isTeamAdmin, useSession } from '../../../shared/session/session-context';
import { shortToken } from '../lib/credential-summary';

export type CredentialAction = 'refresh' | 'link' | 'renew' | 'sca' | 'reset' | 'force_reset' | 'delete';

interface CredentialMenuProps {
  credential: CredentialInformation;
  now: Date;
  refreshing: boolean;
  onAction: (action: CredentialAction, credential: CredentialInformation) => void;
}

/**
 * The repairs offered follow spec section 4: SCA when the institution waits for a code, reset after a
 * wrong password, and a forced reset for any credential that needs action.
 */
export function CredentialMenu({ credential, now, refreshing, onAction }: CredentialMenuProps) {
  const { t } = useTranslation();
  const { status } = credential;
  const repair = findCredentialRepair(status, now);
  const canForceReset = status.blocked || deriveCredentialState(status, now).needsAction;
  const act = (action: CredentialAction) => () => onAction(action, credential);
  // The credential's history in the audit log, which only admins read.
  const isAdmin = isTeamAdmin(useSession().identity);
  const to = useLocalePath();

  return (
    <Menu position="bottom-end" shadow="md" width={240} withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('connections.actions.menu', { token: shortToken(credential.credentials_token) })}
          onClick={(event) => event.stopPropagation()}
        >
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown onClick={(event) => event.stopPropagation()}>
        <Menu.Item
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={act('refresh')}
          // An expired consent refreshes nothing until the holder renews it.
          disabled={refreshing || status.updating || credential.consent_state === 'expired'}
        >
          {t('connections.actions.refresh')}
        </Menu.Item>
        <Menu.Item leftSection={<IconLink size={16} aria-hidden />} onClick={act('link')}>
          {t('connections.actions.copyLink')}
        </Menu.Item>
        <Menu.Item leftSection={<IconMailForward size={16} aria-hidden />} onClick={act('renew')}>
          {t('connections.consent.renew')}
        </Menu.Item>
        {isAdmin ? (
          <Menu.Item
            component={Link}
            to={to(`/audit?${new URLSearchParams({ credential: credential.credentials_token })}`)}
            leftSection={<IconHistory size={16} aria-hidden />}
          >
            {t('shell.nav.auditHistory')}
          </Menu.Item>
        ) : null}
        {repair === 'sca' || repair === 'reset' || canForceReset ? <Menu.Divider /> : null}
        {repair === 'sca' ? (
          <Menu.Item leftSection={<IconShieldLock size={16} aria-hidden />} onClick={act('sca')}>
            {t('connections.actions.reauthorise')}
          </Menu.Item>
        ) : null}
        {repair === 'reset' ? (
          <Menu.Item leftSection={<IconKey size={16} aria-hidden />} onClick={act('reset')}>
            {t('connections.actions.reset')}
          </Menu.Item>
        ) : null}
        {canForceReset ? (
          <Menu.Item
            leftSection={<IconRotateClockwise2 size={16} aria-hidden />}
            onClick={act('force_reset')}
          >
            {t('connections.actions.forceReset')}
          </Menu.Item>
        ) : null}
        <Menu.Divider />
        <Menu.Item color="red.9" leftSection={<IconTrash size={16} aria-hidden />} onClick={act('delete')}>
          {t('connections.actions.delete')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
