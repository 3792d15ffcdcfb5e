import { platform } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerPublicCall } from '../../shared/http/register-call';
import { resetPassword } from './password-reset';

export function registerResetPassword(app: FastifyInstance) {
  registerPublicCall(app, platform.resetPassword, async ({ input, log }) => {
    await resetPassword({ ...app.deps, log }, input);
    return { success: true as const };
  });
}
