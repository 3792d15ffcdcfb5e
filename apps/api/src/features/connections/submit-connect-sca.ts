import { connections } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerPublicCall } from '../../shared/http/register-call';
import { enforceConnectRateLimit, type FinishLinkVisit, submitConnectSca } from './connect-flow';

export function registerSubmitConnectSca(app: FastifyInstance, finishLinkVisit: FinishLinkVisit) {
  registerPublicCall(app, connections.submitConnectSca, async ({ input, db, config, clock, request }) => {
    await enforceConnectRateLimit(db, request.ip, input.token, clock());
    return submitConnectSca({ db, config, clock, finishLinkVisit }, input);
  });
}
