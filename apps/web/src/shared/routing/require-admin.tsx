import { Outlet } from 'react-router';
import { NotFoundPage } from '../components/not-found-page';
import { isTeamAdmin, useSession } from '../session/session-context';

/** The Team section exists only for admins: anyone else gets the not-found page, as the nav hides it. */
export function RequireAdmin() {
  const { identity } = useSession();
  return isTeamAdmin(identity) ? <Outlet /> : <NotFoundPage />;
}
