import { type Identity, MODULE_BY_PERMISSION, type Permission } from '@caudal/contract';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalePath } from '../i18n/use-locale';
import { StatusPage } from './status-page';

/** Why a signed-in user may not open a section: each reads differently, and says what to do. */
export type NoAccessReason = 'module' | 'permission' | 'admin' | 'portal';

/**
 * A section the signed-in user may not open. It says so, and why, instead of "page not found": a
 * colleague's deep link is not broken, it is not for them (the nav hides the section as well). The
 * section's existence is no secret (every company's portal has the same ones); its data stays behind
 * the API's own checks.
 */
export function NoAccessPage({ reason }: { reason: NoAccessReason }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <StatusPage
      kind="forbidden"
      title={t('shell.status.noAccessTitle')}
      message={t(`shell.status.noAccess.${reason}`)}
      actions={
        <Button component={Link} to={to('/')}>
          {t('shell.status.backHome')}
        </Button>
      }
    />
  );
}

/** Why `identity` may not open a section that needs `permission`. */
export function findNoAccessReason(identity: Identity, permission: Permission): NoAccessReason {
  if (identity.user.kind === 'portal') return 'portal';
  return identity.modules.includes(MODULE_BY_PERMISSION[permission]) ? 'permission' : 'module';
}
