import { connections } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerPublicCall } from '../../shared/http/register-call';
import { chooseConnectInstitution } from './choose-institution';
import {
  enforceConnectRateLimit,
  type FinishLinkVisit,
  getConnectSession,
  submitConnectCredentials,
  submitConnectSca,
} from './connect-flow';

/** The hosted connect pages' calls: public, authorised only by the one-time token, limited per IP. */
export function registerConnectCalls(app: FastifyInstance, finishLinkVisit: FinishLinkVisit) {
  registerPublicCall(app, connections.getConnectSession, async ({ input, db, clock, request }) => {
    await enforceConnectRateLimit(db, request.ip, clock());
    return getConnectSession({ db, clock }, input.token);
  });
  registerPublicCall(
    app,
    connections.submitConnectCredentials,
    async ({ input, db, config, clock, request }) => {
      await enforceConnectRateLimit(db, request.ip, clock());
      return submitConnectCredentials({ db, config, clock, finishLinkVisit }, input);
    },
  );
  registerPublicCall(app, connections.submitConnectSca, async ({ input, db, config, clock, request }) => {
    await enforceConnectRateLimit(db, request.ip, clock());
    return submitConnectSca({ db, config, clock, finishLinkVisit }, input);
  });
  registerPublicCall(app, connections.chooseConnectInstitution, async ({ input, db, clock, request }) => {
    await enforceConnectRateLimit(db, request.ip, clock());
    return chooseConnectInstitution({ db, clock }, input);
  });
}
