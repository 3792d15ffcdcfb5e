import { runWithoutOwed } from '../../db/before-first-commit';
import type { Db } from '../../db/database';
import { AppError, retryLater } from '../../shared/app-error';
import type { Actor } from '../../shared/auth/actor';
import type { JobQueue } from '../../shared/jobs/jobs';
import type { Logger } from '../../shared/logger';
import {
  findVisibleCredential,
  markRefreshRequested,
  unmarkRefreshRequested,
} from './connections.repository';
import { sendRefresh } from './refresh-jobs';

/**
 * Asks for a credential's refresh now, for the portal (staff or portal user, in their scope) and the
 * data API (the application's company) alike: the one place a refresh on demand is decided, so a rule
 * added here applies to both. The refresh runs on a worker, never on the request path. An expired
 * consent is refused with `ConsentExpired`: the institution would refuse the read, and only the holder's
 * renewal (a renewal link) lets refreshes run again.
 */
export async function requestCredentialRefresh(
  deps: { db: Db; jobs: JobQueue; log: Pick<Logger, 'warn'> },
  scope: Actor,
  credentialsToken: string,
  now: Date,
): Promise<{ credentialsId: string }> {
  const credential = await findVisibleCredential(deps.db, scope, credentialsToken);
  if (!credential) throw new AppError('NotFound', 'No such credential');
  if (credential.consent_expires_at.getTime() <= now.getTime()) {
    throw new AppError('ConsentExpired', 'The holder’s consent has expired; send a renewal link');
  }
  // The page's "updating" mark, taken back below if the job cannot be queued: not the call's change
  // (the queued refresh is), so its event is not the mark's; it follows once the refresh is queued.
  await runWithoutOwed(() => markRefreshRequested(deps.db, [credential.id], now));
  try {
    await sendRefresh(deps.jobs)(credential.id);
  } catch (error) {
    // Not queued: the marker would show "updating" for an hour with nothing running. Take it back
    // and let the caller retry; the scheduled sweep still refreshes the credential when it is due.
    deps.log.warn({ credentialsId: credential.id, err: error }, 'could not queue a refresh');
    // Not the call's change either: a refused call writes no event (decision 0058).
    await runWithoutOwed(() => unmarkRefreshRequested(deps.db, credential.id, now)).catch(() => undefined);
    throw retryLater('ServiceUnavailable', 'The refresh could not be queued; retry shortly', 1);
  }
  return { credentialsId: credential.id };
}
