import { findLandingRoute } from '@caudal/contract/routes';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { StatusPage } from '../../../shared/components/status-page';
import { useLocalePath } from '../../../shared/i18n/use-locale';
import { PATHS } from '../../../shared/routing/paths';
import { isTeamAdmin, useSession } from '../../../shared/session/session-context';
import { emptyLandingReason } from '../lib/empty-landing';

/** `/:lang/`: the first section the user may see, by the spec's permission priority. */
export function LandingRoute() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const { identity } = useSession();
  // An admin given no module still manages the team.
  const landing = findLandingRoute(identity.permissions) ?? (isTeamAdmin(identity) ? PATHS.team : null);
  if (landing) return <Navigate to={to(landing)} replace />;
  const reason = emptyLandingReason(identity);
  return (
    <StatusPage
      kind="not-found"
      title={t(`shell.status.${reason}Title`)}
      message={t(`shell.status.${reason}`)}
    />
  );
}
