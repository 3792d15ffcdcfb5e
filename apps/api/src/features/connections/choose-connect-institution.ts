import { connections } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerPublicCall } from '../../shared/http/register-call';
import { chooseConnectInstitution } from './choose-institution';
import { enforceConnectRateLimit } from './connect-flow';

export function registerChooseConnectInstitution(app: FastifyInstance) {
  registerPublicCall(app, connections.chooseConnectInstitution, async ({ input, db, clock, request }) => {
    await enforceConnectRateLimit(db, request.ip, input.token, clock());
    return chooseConnectInstitution({ db, clock }, input);
  });
}
