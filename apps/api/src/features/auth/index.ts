import type { FastifyInstance } from 'fastify';
import { registerChangePassword } from './change-password';
import { registerForgotPassword } from './forgot-password';
import { registerLogin } from './login';
import { registerLogout } from './logout';
import { registerResetPassword } from './reset-password';

export function registerAuthCalls(app: FastifyInstance) {
  registerLogin(app);
  registerLogout(app);
  registerForgotPassword(app);
  registerResetPassword(app);
  registerChangePassword(app);
}
export { issuePasswordReset } from './password-reset';
export { signInWithNewPassword } from './sign-in';
