import { LoginForm } from '../components/login-form';

/** `/sesion/login` and `/sesion/legacy-login`: the local form (legacy-login stays local even with OIDC). */
export function LoginRoute() {
  return <LoginForm />;
}
