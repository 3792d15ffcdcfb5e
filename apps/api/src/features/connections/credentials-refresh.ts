import { connections } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/http/app-error';
import { registerCall } from '../../shared/http/register-call';
import {
  findCredentialInformation,
  findVisibleCredential,
  markRefreshRequested,
} from './connections.repository';

/** Queues a refresh (never runs it on the request path) and answers the credential as `updating`. */
export function registerCredentialsRefresh(app: FastifyInstance) {
  registerCall(app, connections.credentialsRefresh, async ({ input, actor, db, clock, jobs, log }) => {
    const credential = await findVisibleCredential(db, actor, input.credentials_token);
    if (!credential) throw new AppError('NotFound', 'No such credential');
    const now = clock();
    await markRefreshRequested(db, [credential.id], now);
    try {
      await jobs.enqueueRefresh(credential.id);
    } catch (error) {
      log.warn({ credentialsId: credential.id, err: error }, 'could not queue a refresh; the scheduler will');
    }
    const information = await findCredentialInformation(db, actor, input.credentials_token, now);
    if (!information) throw new AppError('NotFound', 'No such credential');
    return information;
  });
}
