import { connections } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerPublicCall } from '../../shared/http/register-call';
import { enforceConnectRateLimit, getConnectSession } from './connect-flow';

export function registerGetConnectSession(app: FastifyInstance) {
  registerPublicCall(app, connections.getConnectSession, async ({ input, db, clock, request }) => {
    await enforceConnectRateLimit(db, request.ip, input.token, clock());
    return getConnectSession({ db, clock }, input.token);
  });
}
