import { connections } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerPublicCall } from '../../shared/http/register-call';
import { enforceConnectRateLimit, type FinishLinkVisit, submitConnectCredentials } from './connect-flow';

export function registerSubmitConnectCredentials(app: FastifyInstance, finishLinkVisit: FinishLinkVisit) {
  registerPublicCall(
    app,
    connections.submitConnectCredentials,
    async ({ input, db, config, clock, request }) => {
      await enforceConnectRateLimit(db, request.ip, input.token, clock());
      return submitConnectCredentials({ db, config, clock, finishLinkVisit }, input);
    },
  );
}
