import type PgBoss from 'pg-boss';
import type { Db } from '../../db/database';
import type { Clock } from '../../shared/clock';
import { type JobModule, type JobQueue, queueOf, type StopWork } from '../../shared/jobs/jobs';
import type { Logger } from '../../shared/logger';
import { createExportDispatcher, type ExportDispatcher } from './export-dispatcher';
import { renewExportLeases, sweepExports } from './export-files.repository';
import { runClaimedExport } from './export-job';
import { claimNextExport } from './export-queue.repository';
import { findStaleQueuedExports } from './exports.repository';

export const EXPORT_QUEUE = 'exports.generate';
export const EXPORT_SWEEP_QUEUE = 'exports.sweep';
/**
 * Every minute: expired files are deleted (they stop being served at once), and the exports of an
 * instance that died are failed within a minute of their lease running out, freeing their caps.
 */
export const EXPORT_SWEEP_CRON = '* * * * *';
/** A queued export this old never ran (and its job is long gone): it is failed. */
export const EXPORT_ABANDONED_AFTER_MS = 2 * 3_600_000;
/** The instance running an export renews its lease this often (decision 0059)… */
export const EXPORT_HEARTBEAT_MS = 30_000;
/** …and a running export whose lease is older than this belonged to an instance that died. */
export const EXPORT_LEASE_MS = 2 * 60_000;

export interface ExportJobsDeps {
  db: Db;
  postgresUrl: string | null;
  clock: Clock;
  expiryHours: number;
  /** How long one batch of a cursor may take (config.exportReadDeadlineMs; the worker's default if unset). */
  readDeadlineMs?: number;
  /** Slots per instance (config.exportQueue); one of each kind by default. */
  queue?: { slots: number; smallSlots: number; smallExportMaxRows: number };
}

/** The dispatcher looks at the queue this often unasked (exports queued elsewhere, or left queued). */
export const EXPORT_POLL_MS = 3_000;
/** On shutdown, running exports get this long to end before the process goes on stopping. */
const EXPORT_STOP_TIMEOUT_MS = 8_000;
const DEFAULT_QUEUE = { slots: 1, smallSlots: 1, smallExportMaxRows: 10_000 };

/** A queued export older than this has lost its job (a failed send, a crash right after the insert). */
export const EXPORT_RESEND_AFTER_MS = 2 * 60_000;

/**
 * Sends the jobs of exports still queued long after they were created. The singleton key makes a job
 * that is in fact still waiting absorb the resend, so each export runs once.
 */
export async function resendStaleExports(db: Db, jobs: JobQueue, now: Date): Promise<number> {
  const stale = await findStaleQueuedExports(db, new Date(now.getTime() - EXPORT_RESEND_AFTER_MS));
  let sent = 0;
  for (const exportId of stale) if (await sendExport(jobs, exportId)) sent += 1;
  return sent;
}

/**
 * Tells the instances an export waits (call it after the row's transaction committed). The job is a
 * nudge: whichever instance takes it fills its free slots from the fair queue (export-dispatcher.ts),
 * which may run another company's export first.
 */
export function sendExport(jobs: JobQueue, exportId: string): Promise<boolean> {
  return jobs.send(EXPORT_QUEUE, { exportId }, { singletonKey: exportId });
}

/** The exports feature's workers, handed to the app (main.ts) to compose with the others. */
export function exportJobs(deps: ExportJobsDeps): JobModule {
  return { name: 'exports', start: (boss, log) => startExportJobs(boss, deps, log) };
}

async function startExportJobs(boss: PgBoss, deps: ExportJobsDeps, log: Logger): Promise<StopWork> {
  // No retries: a failed export is reported to its user (who can generate a new file), not rerun.
  await boss.createQueue(EXPORT_QUEUE, {
    name: EXPORT_QUEUE,
    policy: 'standard',
    retryLimit: 0,
    expireInSeconds: EXPORT_ABANDONED_AFTER_MS / 1000,
  });
  await boss.createQueue(EXPORT_SWEEP_QUEUE, { name: EXPORT_SWEEP_QUEUE, policy: 'singleton' });
  const dispatcher = startExportDispatcher(deps, log);
  await boss.work(EXPORT_QUEUE, { batchSize: 50, pollingIntervalSeconds: 1 }, () => dispatcher.wake());
  const queue = queueOf(boss);
  await boss.work(EXPORT_SWEEP_QUEUE, async () => {
    const now = deps.clock();
    const swept = await sweepExports(deps.db, now, {
      abandonedAfterMs: EXPORT_ABANDONED_AFTER_MS,
      leaseMs: EXPORT_LEASE_MS,
    });
    const resent = await resendStaleExports(deps.db, queue, now);
    if (swept.expired + swept.abandoned + resent > 0) log.info({ ...swept, resent }, 'exports swept');
  });
  await boss.schedule(EXPORT_SWEEP_QUEUE, EXPORT_SWEEP_CRON);
  // Exports left queued while no instance ran (a restart) are taken at once.
  void dispatcher.wake();
  return () => dispatcher.stop(EXPORT_STOP_TIMEOUT_MS);
}

export function startExportDispatcher(deps: ExportJobsDeps, log: Logger): ExportDispatcher {
  const queue = deps.queue ?? DEFAULT_QUEUE;
  return createExportDispatcher({
    claim: (slot) =>
      claimNextExport(deps.db, {
        now: deps.clock(),
        maxRows: slot === 'small' ? queue.smallExportMaxRows : null,
      }),
    run: (claimed) => runClaimedExport({ ...deps, log }, claimed),
    slots: { any: queue.slots, small: queue.smallSlots },
    pollMs: EXPORT_POLL_MS,
    renewLeases: (exportIds) => renewExportLeases(deps.db, exportIds, deps.clock()),
    heartbeatMs: EXPORT_HEARTBEAT_MS,
    log,
  });
}
