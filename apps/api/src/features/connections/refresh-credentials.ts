import { connections } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../shared/http/register-call';
import { requestCredentialRefresh } from './refresh-request';

/** Queues a refresh (never runs it on the request path) and answers the credential as `updating`. */
export function registerCredentialsRefresh(app: FastifyInstance) {
  registerCall(app, connections.credentialsRefresh, ({ input, actor, db, clock, jobs, log }) =>
    requestCredentialRefresh({ db, jobs, now: clock(), log }, actor, input.credentials_token),
  );
}
