import pg from 'pg';
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../../db/database';
import type { Logger } from '../logger';

export interface SendOptions {
  /** At most one queued job per key (with the queue's policy); `send` answers false when one is. */
  singletonKey?: string;
  /** Higher first among a queue's waiting jobs (pg-boss fetches by priority): a person waiting beats a batch. */
  priority?: number;
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

export interface JobBossOptions {
  /** False: scheduled jobs (cron) never start here; a test then sees only the jobs it sends. */
  isScheduling?: boolean;
  /**
   * Only sends (the operator's command line): no schedules, no maintenance, no schema migration (the
   * servers own those), one connection.
   */
  isSendOnly?: boolean;
}

export function openJobBoss(handle: DatabaseHandle, log: Logger, options: JobBossOptions = {}): PgBoss {
  const schedule = !options.isSendOnly && (options.isScheduling ?? true);
  const sendOnly = options.isSendOnly ? { supervise: false, migrate: false } : {};
  // With PGlite, pg-boss goes through the same mutex as Kysely (see db/pglite-dialect.ts).
  const boss = handle.executor
    ? new PgBoss({ db: handle.executor as PgBoss.Db, schedule, ...sendOnly })
    : new PgBoss({
        connectionString: handle.connectionString ?? undefined,
        max: options.isSendOnly ? 1 : 4,
        schedule,
        ...sendOnly,
        // pg-boss opens its own pool (pg.Pool takes these options): its statements are bounded as the
        // API's are, by the server's statement_timeout and past it by the client's deadline, and so is
        // opening a connection, so a fetch sent into a partition fails and the worker polls again
        // instead of waiting for ever, and stopping does not wait on it (decision 0063).
        ...(handle.postgresClient && {
          Client: handle.postgresClient,
          connectionTimeoutMillis: handle.timeouts.acquireMs,
          options: `-c statement_timeout=${handle.timeouts.statementMs}`,
        }),
      } as PgBoss.ConstructorOptions);
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  return boss;
}

/** Starts pg-boss and every module's workers; the answer is the queue handlers send to. */
export async function startJobs(
  handle: DatabaseHandle,
  modules: readonly JobModule[],
  log: Logger,
  options: JobBossOptions = {},
): Promise<JobQueue> {
  return inStartingTurn(handle, log, async () => {
    const boss = openJobBoss(handle, log, options);
    await boss.start();
    const stops: StopWork[] = [];
    for (const module of modules) {
      const stop = await module.start(boss, log.child({ jobs: module.name }));
      if (stop) stops.push(stop);
    }
    return queueOf(boss, stops);
  });
}

/** The advisory lock instances take turns on to start their jobs (the migrations' is 727001). */
const JOBS_START_LOCK_KEY = 727002;
/** How long an instance waits for the others' starts before it gives up on its own. */
const JOBS_START_WAIT = '60s';

/**
 * Runs `start` while no other instance starts its jobs (PostgreSQL; PGlite has one process). Instances
 * started together on a database whose queues do not exist yet (a first start, or an upgrade that adds
 * a queue) each create them, and pg-boss's `create_queue` takes its locks in an order that deadlocked
 * two of them: the loser exited after it already answered /ready (found by the suite). A session lock on
 * a connection of its own, released when that connection ends.
 */
async function inStartingTurn<T>(handle: DatabaseHandle, log: Logger, start: () => Promise<T>): Promise<T> {
  if (handle.executor || !handle.connectionString) return start();
  const client = new pg.Client({ connectionString: handle.connectionString });
  client.on('error', (error) => log.warn({ err: error }, 'the jobs start lock lost its connection'));
  await client.connect();
  try {
    await client.query(`set lock_timeout = '${JOBS_START_WAIT}'`);
    await client.query('select pg_advisory_lock($1)', [JOBS_START_LOCK_KEY]);
    return await start();
  } finally {
    await client.end().catch(() => {});
  }
}

export function queueOf(boss: PgBoss, stops: readonly StopWork[] = []): JobQueue {
  return {
    async send(queue, data, options = {}) {
      const id = await boss.send(queue, data, options);
      // Sent here: this instance's worker of the queue takes it now, not at its next poll. pg-boss takes
      // a job only once the database's now() is past its start (strictly), so a fetch within the same
      // clock tick as the insert (PGlite's clock is coarse) finds nothing and the worker would sleep a
      // whole polling interval: the second wake, a moment later, covers that tick.
      if (id !== null) {
        wakeLocalWorkers(boss, queue);
        setTimeout(() => wakeLocalWorkers(boss, queue), SAME_TICK_WAKE_MS).unref();
      }
      return id !== null;
    },
    async stop() {
      await Promise.allSettled(stops.map((stop) => stop()));
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}

/** Longer than a database clock tick: after it, a job sent here is due for the worker's fetch. */
const SAME_TICK_WAKE_MS = 25;

/** This process's workers by pg-boss instance and queue, so a job sent here wakes them at once. */
const localWorkers = new WeakMap<PgBoss, Map<string, string[]>>();

/** Wakes this process's workers of `queue` (after jobs were inserted other than through `send`). */
export function wakeLocalWorkers(boss: PgBoss, queue: string): void {
  for (const id of localWorkers.get(boss)?.get(queue) ?? []) boss.notifyWorker(id);
}

export interface WorkOptions {
  batchSize?: number;
  /** How long an idle worker waits before asking again (pg-boss's default: 2 s). */
  pollingIntervalSeconds?: number;
}

/**
 * `boss.work` for a queue whose jobs should flow: pg-boss waits its polling interval after every fetch,
 * even one that found jobs, so a worker of one job per fetch sends at most one mail every 2 s and a
 * burst (an hourly scan's reminders) holds back the mail a person is waiting for. This worker asks
 * again at once while it finds jobs, and wakes when this instance sends to its queue; an idle worker
 * still polls, for jobs sent by other instances. Answers the worker's id.
 */
export async function workQueue<T extends object>(
  boss: PgBoss,
  queue: string,
  options: WorkOptions,
  handler: (jobs: PgBoss.Job<T>[]) => Promise<unknown>,
): Promise<string> {
  let workerId = '';
  workerId = await boss.work<T>(queue, options, async (jobs) => {
    try {
      return await handler(jobs);
    } finally {
      if (workerId) boss.notifyWorker(workerId);
    }
  });
  const byQueue = localWorkers.get(boss) ?? new Map<string, string[]>();
  localWorkers.set(boss, byQueue);
  byQueue.set(queue, [...(byQueue.get(queue) ?? []), workerId]);
  return workerId;
}
