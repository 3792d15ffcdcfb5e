import { ForgotPasswordForm } from '../components/forgot-password-form';

export function ForgotPasswordRoute() {
  return <ForgotPasswordForm />;
}
