import type { Db } from '../../db/database';
import { AppError, retryLater } from '../../shared/app-error';
import type { Actor } from '../../shared/auth/actor';
import type { JobQueue } from '../../shared/jobs/jobs';
import type { Logger } from '../../shared/logger';
import {
  findCredentialInformation,
  findVisibleCredential,
  markRefreshRequested,
  unmarkRefreshRequested,
} from './connections.repository';
import { sendRefresh } from './refresh-jobs';

export interface RefreshRequestDeps {
  db: Db;
  jobs: JobQueue;
  now: Date;
  log: Pick<Logger, 'warn'>;
}

/**
 * Someone asks for a credential's refresh now (the portal's credentials-refresh, the data API): queue
 * it (never run it on the request path) and answer the credential as `updating`. An expired consent is
 * refused with `ConsentExpired`: the institution would refuse the read, and only the holder's renewal
 * (a renewal link) lets refreshes run again.
 */
export async function requestCredentialRefresh(deps: RefreshRequestDeps, actor: Actor, token: string) {
  const { db, now } = deps;
  const credential = await findVisibleCredential(db, actor, token);
  if (!credential) throw new AppError('NotFound', 'No such credential');
  if (credential.consent_expires_at.getTime() <= now.getTime()) {
    throw new AppError('ConsentExpired', 'The holder’s consent has expired; send a renewal link');
  }
  await markRefreshRequested(db, [credential.id], now);
  try {
    await sendRefresh(deps.jobs)(credential.id);
  } catch (error) {
    // Not queued: the marker would show "updating" for an hour with nothing running. Take it back
    // and let the user retry; the scheduled sweep still refreshes the credential when it is due.
    deps.log.warn({ credentialsId: credential.id, err: error }, 'could not queue a refresh');
    await unmarkRefreshRequested(db, credential.id, now).catch(() => undefined);
    throw retryLater('ServiceUnavailable', 'The refresh could not be queued; retry shortly', 1);
  }
  const information = await findCredentialInformation(db, actor, token, now);
  if (!information) throw new AppError('NotFound', 'No such credential');
  return information;
}
