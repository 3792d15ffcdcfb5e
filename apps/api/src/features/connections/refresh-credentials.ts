import { connections } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/app-error';
import { registerCall } from '../../shared/http/register-call';
import { findCredentialInformation } from './connections.repository';
import { requestCredentialRefresh } from './request-refresh';

/** Queues a refresh (never runs it on the request path) and answers the credential as `updating`. */
export function registerCredentialsRefresh(app: FastifyInstance) {
  registerCall(app, connections.credentialsRefresh, async ({ input, actor, db, clock, jobs, log }) => {
    const now = clock();
    await requestCredentialRefresh({ db, jobs, log }, actor, input.credentials_token, now);
    const information = await findCredentialInformation(db, actor, input.credentials_token, now);
    if (!information) throw new AppError('NotFound', 'No such credential');
    return information;
  });
}
