import type { Permission } from '@caudal/contract';
import { Outlet } from 'react-router';
import { findNoAccessReason, NoAccessPage } from '../components/no-access-page';
import { hasPermission, useSession } from '../session/session-context';

/** A section without its permission says so, and why (the nav hides it too). */
export function RequirePermission({ permission }: { permission: Permission }) {
  const { identity } = useSession();
  return hasPermission(identity, permission) ? (
    <Outlet />
  ) : (
    <NoAccessPage reason={findNoAccessReason(identity, permission)} />
  );
}
