import { Outlet } from 'react-router';
import { NoAccessPage } from '../components/no-access-page';
import { isTeamAdmin, useSession } from '../session/session-context';

/** The Team section is for admins only: anyone else is told so, as the nav hides it. */
export function RequireAdmin() {
  const { identity } = useSession();
  if (isTeamAdmin(identity)) return <Outlet />;
  return <NoAccessPage reason={identity.user.kind === 'portal' ? 'portal' : 'admin'} />;
}
