import { platform } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { changePassword } from './password-change';

export function registerChangePassword(app: FastifyInstance) {
  registerCall(app, platform.changePassword, async ({ input, actor, db, clock, config }) => {
    const { endedSessions } = await changePassword({ db, clock, config }, actor, input);
    return { success: true as const, ended_sessions: endedSessions };
  });
}
