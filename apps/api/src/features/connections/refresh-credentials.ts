import { connections } from '@caudal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError, retryLater } from '../../shared/app-error';
import { registerCall } from '../../shared/http/register-call';
import {
  findCredentialInformation,
  findVisibleCredential,
  markRefreshRequested,
  unmarkRefreshRequested,
} from './connections.repository';
import { sendRefresh } from './refresh-jobs';

/** Queues a refresh (never runs it on the request path) and answers the credential as `updating`. */
export function registerCredentialsRefresh(app: FastifyInstance) {
  registerCall(app, connections.credentialsRefresh, async ({ input, actor, db, clock, jobs, log }) => {
    const credential = await findVisibleCredential(db, actor, input.credentials_token);
    if (!credential) throw new AppError('NotFound', 'No such credential');
    const now = clock();
    await markRefreshRequested(db, [credential.id], now);
    try {
      await sendRefresh(jobs)(credential.id);
    } catch (error) {
      // Not queued: the marker would show "updating" for an hour with nothing running. Take it back
      // and let the user retry; the scheduled sweep still refreshes the credential when it is due.
      log.warn({ credentialsId: credential.id, err: error }, 'could not queue a refresh');
      await unmarkRefreshRequested(db, credential.id, now).catch(() => undefined);
      throw retryLater('ServiceUnavailable', 'The refresh could not be queued; retry shortly', 1);
    }
    const information = await findCredentialInformation(db, actor, input.credentials_token, now);
    if (!information) throw new AppError('NotFound', 'No such credential');
    return information;
  });
}
