import { auth } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { endSession } from '../../shared/auth/session-store';
import { registerCall } from '../../shared/http/register-call';

export function registerLogout(app: FastifyInstance) {
  registerCall(app, auth.logout, async ({ actor, db, clock }) => {
    await endSession(db, actor.sessionId, clock());
    return { success: true as const };
  });
}
