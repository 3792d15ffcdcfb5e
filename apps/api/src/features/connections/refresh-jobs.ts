import type PgBoss from 'pg-boss';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { Clock } from '../../shared/clock';
import { loadSecretKey } from '../../shared/crypto/sealing';
import { type JobModule, type JobQueue, queueOf } from '../../shared/jobs/jobs';
import type { Logger } from '../../shared/logger';
import { enqueueDueRefreshes, refreshCredential } from './refresh';

export const REFRESH_QUEUE = 'connections.refresh';
export const REFRESH_SWEEP_QUEUE = 'connections.refresh-sweep';
/** How often the sweep looks for due credentials; each is due after config.refreshIntervalMinutes. */
export const REFRESH_SWEEP_CRON = '*/15 * * * *';

export interface RefreshJobDeps {
  db: Db;
  config: Config;
  clock: Clock;
  log: Logger;
}

/** Queues one credential's refresh; false when one is already queued (the singleton key is its id). */
export type EnqueueRefresh = (credentialsId: string) => Promise<boolean>;

export function sendRefresh(jobs: JobQueue): EnqueueRefresh {
  return (credentialsId) => jobs.send(REFRESH_QUEUE, { credentialsId }, { singletonKey: credentialsId });
}

/** The connections feature's workers, handed to the app to compose with the others. */
export function refreshJobs(deps: Omit<RefreshJobDeps, 'log'>): JobModule {
  return {
    name: 'connections.refresh',
    start: (boss, log) => startRefreshJobs(boss, { ...deps, log }),
  };
}

/**
 * Refresh queue with the `stately` policy: per singleton key (the credential id) at most one job
 * queued and one running, whichever instance sends it, so a credential refreshes one at a time.
 * A singleton sweep, scheduled by cron, queues the due credentials.
 */
async function startRefreshJobs(boss: PgBoss, deps: RefreshJobDeps): Promise<void> {
  await boss.createQueue(REFRESH_QUEUE, {
    name: REFRESH_QUEUE,
    policy: 'stately',
    retryLimit: 1,
    retryDelay: 60,
  });
  await boss.createQueue(REFRESH_SWEEP_QUEUE, { name: REFRESH_SWEEP_QUEUE, policy: 'singleton' });
  const enqueue = sendRefresh(queueOf(boss));
  const key = await loadSecretKey(deps.db, deps.config.credentialsKey);
  await boss.work<{ credentialsId: string }>(REFRESH_QUEUE, async (jobs) => {
    for (const job of jobs) {
      await refreshCredential({ db: deps.db, clock: deps.clock, key, log: deps.log }, job.data.credentialsId);
    }
  });
  await boss.work(REFRESH_SWEEP_QUEUE, async () => {
    const queued = await enqueueDueRefreshes(
      deps.db,
      deps.clock(),
      { intervalMinutes: deps.config.refreshIntervalMinutes },
      enqueue,
    );
    if (queued.length > 0) deps.log.info({ count: queued.length }, 'credential refreshes queued');
  });
  await boss.schedule(REFRESH_SWEEP_QUEUE, REFRESH_SWEEP_CRON);
}
