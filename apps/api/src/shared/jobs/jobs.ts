import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../../db/database';
import type { Logger } from '../logger';

export interface SendOptions {
  /** At most one queued job per key (with the queue's policy); `send` answers false when one is. */
  singletonKey?: string;
}

/** What handlers may ask of the background workers. Call it only after the transaction committed. */
export interface JobQueue {
  /** Queues a job; false when the queue's policy refused it (a singleton already queued) or no workers run. */
  send(queue: string, data: object, options?: SendOptions): Promise<boolean>;
  stop(): Promise<void>;
}

/**
 * One feature's background work: it creates its queues, starts its workers and schedules. Features
 * hand theirs to the app (main.ts), which composes them; shared code never reaches into a feature.
 */
export interface JobModule {
  name: string;
  /** May answer how to stop work it runs outside pg-boss's handlers; called before pg-boss stops. */
  // biome-ignore lint/suspicious/noConfusingVoidType: a module with no work outside pg-boss answers nothing
  start(boss: PgBoss, log: Logger): Promise<void | StopWork>;
}

export type StopWork = () => Promise<void>;

/** No workers (tests): nothing is queued, so work waits for the sweeps that a real worker runs. */
export const noJobQueue: JobQueue = {
  async send() {
    return false;
  },
  async stop() {},
};

/** A queue usable before it has started: each call waits for the start (the server listens meanwhile). */
export function queueWhenStarted(starting: Promise<JobQueue>): JobQueue {
  return {
    async send(queue, data, options) {
      return (await starting).send(queue, data, options);
    },
    async stop() {
      await (await starting.catch(() => noJobQueue)).stop();
    },
  };
}

export function openJobBoss(handle: DatabaseHandle, log: Logger): PgBoss {
  // With PGlite, pg-boss goes through the same mutex as Kysely (see db/pglite-dialect.ts).
  const boss = handle.executor
    ? new PgBoss({ db: handle.executor as PgBoss.Db })
    : new PgBoss({ connectionString: handle.connectionString ?? undefined, max: 4 });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  return boss;
}

/** Starts pg-boss and every module's workers; the answer is the queue handlers send to. */
export async function startJobs(
  handle: DatabaseHandle,
  modules: readonly JobModule[],
  log: Logger,
): Promise<JobQueue> {
  const boss = openJobBoss(handle, log);
  await boss.start();
  const stops: StopWork[] = [];
  for (const module of modules) {
    const stop = await module.start(boss, log.child({ jobs: module.name }));
    if (stop) stops.push(stop);
  }
  return queueOf(boss, stops);
}

export function queueOf(boss: PgBoss, stops: readonly StopWork[] = []): JobQueue {
  return {
    async send(queue, data, options = {}) {
      return (await boss.send(queue, data, options)) !== null;
    },
    async stop() {
      await Promise.allSettled(stops.map((stop) => stop()));
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
