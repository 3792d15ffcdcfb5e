import { platform } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerPublicCall } from '../../shared/http/register-call';
import { requestPasswordReset } from './password-reset';

/** Always success, whoever the email belongs to: the answer reveals no accounts. */
export function registerForgotPassword(app: FastifyInstance) {
  registerPublicCall(app, platform.forgotPassword, async ({ input, request }) => {
    await requestPasswordReset(app.deps, { ...input, ip: request.ip });
    return { success: true as const };
  });
}
