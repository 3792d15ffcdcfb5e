import { Navigate, useLocation } from 'react-router';
import { getRuntimeConfig } from '../../../shared/config/runtime-config';
import { useLocalePath } from '../../../shared/i18n/use-locale';
import { PATHS } from '../../../shared/routing/paths';

/** `/auth/login`: the login redirect of the spec; picks the strategy's screen and keeps `?redirect=`. */
export function LoginEntryRoute() {
  const to = useLocalePath();
  const { search } = useLocation();
  const target = getRuntimeConfig().authStrategy === 'oidc' ? PATHS.oidc : PATHS.sessionLogin;
  return <Navigate to={`${to(target)}${search}`} replace />;
}
