import type { Permission } from '@caudal/contract';
import { Outlet } from 'react-router';
import { NotFoundPage } from '../components/not-found-page';
import { hasPermission, useSession } from '../session/session-context';

/** A section without its permission behaves as if it did not exist (404), as the nav hides it too. */
export function RequirePermission({ permission }: { permission: Permission }) {
  const { identity } = useSession();
  return hasPermission(identity, permission) ? <Outlet /> : <NotFoundPage />;
}
