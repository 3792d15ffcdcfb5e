import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Clock } from '../clock';
import type { JobModule } from '../jobs/jobs';
import type { Logger } from '../logger';

/**
 * One kind of row that outlives its use (an expired code, an ended session). Each feature owns its
 * tables and hands the app its tasks; the app runs them all in one scheduled job.
 */
export interface PurgeTask {
  name: string;
  /** Deletes what is dead at `now`; answers how many rows went. */
  purge(db: Db, now: Date): Promise<number>;
}

export const HOUSEKEEPING_QUEUE = 'housekeeping.purge';
/** Hourly, off the hour, so it never lines up with the other sweeps. */
export const HOUSEKEEPING_CRON = '23 * * * *';
/** Rows go in batches this size: each batch is its own short statement, never one long lock. */
export const PURGE_BATCH_SIZE = 5_000;
/** Dead rows are kept this long first, so a request racing its expiry never meets a vanished row. */
export const PURGE_GRACE_HOURS = 24;

export function hoursBefore(now: Date, hours: number): Date {
  return new Date(now.getTime() - hours * 3_600_000);
}

/**
 * Deletes the rows of `table` that match `where`, batch by batch, until none is left. Rows are picked
 * by `ctid`, so one helper serves tables whatever their key.
 */
export async function deleteInBatches(db: Db, table: string, where: RawBuilder<boolean>): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await sql`
      delete from ${sql.table(table)}
      where ctid = any(array(select ctid from ${sql.table(table)} where ${where} limit ${PURGE_BATCH_SIZE}))
    `.execute(db);
    const deleted = Number(result.numAffectedRows ?? 0n);
    total += deleted;
    if (deleted < PURGE_BATCH_SIZE) return total;
  }
}

/** Runs every task once; one task failing does not stop the others, and the job reports it. */
export async function runHousekeeping(
  db: Db,
  now: Date,
  tasks: readonly PurgeTask[],
  log?: Pick<Logger, 'info' | 'error'>,
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  let failure: unknown;
  for (const task of tasks) {
    try {
      counts[task.name] = await task.purge(db, now);
    } catch (error) {
      log?.error({ err: error, task: task.name }, 'housekeeping task failed');
      failure ??= error;
    }
  }
  if (Object.values(counts).some((count) => count > 0)) log?.info({ purged: counts }, 'housekeeping');
  if (failure) throw failure;
  return counts;
}

/** The scheduled purge: a singleton queue, so one instance runs it however many are up. */
export function housekeepingJobs(deps: { db: Db; clock: Clock; tasks: readonly PurgeTask[] }): JobModule {
  return {
    name: 'housekeeping',
    async start(boss, log) {
      await boss.createQueue(HOUSEKEEPING_QUEUE, { name: HOUSEKEEPING_QUEUE, policy: 'singleton' });
      await boss.work(HOUSEKEEPING_QUEUE, async () => {
        await runHousekeeping(deps.db, deps.clock(), deps.tasks, log);
      });
      await boss.schedule(HOUSEKEEPING_QUEUE, HOUSEKEEPING_CRON);
    },
  };
}
