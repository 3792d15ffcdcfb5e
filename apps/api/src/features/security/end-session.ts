import { security } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { endSession } from './security';

export function registerEndSession(app: FastifyInstance) {
  registerCall(app, security.endSession, async ({ input, actor }) => {
    await endSession(app.deps, actor, input.id);
    return { success: true as const };
  });
}
