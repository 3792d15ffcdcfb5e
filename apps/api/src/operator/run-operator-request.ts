import { sql } from 'kysely';
import type { Config } from '../config';
import { DataDirLockedError } from '../db/data-dir-lock';
import { type Db, openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { systemClock } from '../shared/clock';
import { type JobQueue, noJobQueue, openJobBoss, queueOf } from '../shared/jobs/jobs';
import type { Logger } from '../shared/logger';
import { MAIL_SEND_QUEUE } from '../shared/mail/mail-jobs';
import { type OperatorOutcome, type OperatorRequest, runOperatorCommand } from './operator-commands';
import { sendOperatorCommand } from './operator-socket';

/**
 * Runs a command where the database is: through the server when it holds the embedded data directory,
 * otherwise in this process (PostgreSQL, or a data directory nobody holds), after bringing the schema
 * up to date so an empty database works. Mail is queued in the outbox either way; a server sends it.
 */
export async function runOperatorRequest(
  config: Config,
  request: OperatorRequest,
  log: Logger,
): Promise<OperatorOutcome> {
  const dataDir = config.databaseUrl ? null : config.dataDir;
  if (dataDir) {
    const answered = await sendOperatorCommand(dataDir, request);
    if (answered) return answered;
  }
  let handle: Awaited<ReturnType<typeof openDatabase>>;
  try {
    handle = await openDatabase(
      config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir },
      config.databaseTimeouts,
    );
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      return {
        ok: false,
        error: {
          code: 'DataDirBusy',
          message: `A server holds ${dataDir} but its operator socket does not answer: is it still starting?`,
        },
      };
    }
    throw error;
  }
  let jobs = noJobQueue;
  try {
    await migrate(handle.db);
    jobs = await openSendingQueue(handle, log);
    return await runOperatorCommand({ db: handle.db, clock: systemClock, config, jobs, log }, request);
  } finally {
    await jobs.stop();
    await handle.close();
  }
}

/**
 * On PostgreSQL, the queue the servers' workers read: a mail the command queues (an invitation, a reset
 * link) is sent at once by a running server, not at its next sweep (up to 5 minutes later). Send-only.
 * Without a server that ever started here (no queue yet), or on the embedded database (a server sends
 * what it finds when it starts), the sweep sends it.
 */
async function openSendingQueue(
  handle: Awaited<ReturnType<typeof openDatabase>>,
  log: Logger,
): Promise<JobQueue> {
  if (!handle.connectionString || !(await hasMailQueue(handle.db))) return noJobQueue;
  const boss = openJobBoss(handle, log, { isSendOnly: true });
  try {
    await boss.start();
    return queueOf(boss);
  } catch (error) {
    // Said only when asked (LOG_LEVEL=debug): the command's own answer is what the operator reads.
    log.debug({ err: error }, 'the job queue is not reachable: queued mail waits for a server’s sweep');
    await boss.stop({ graceful: false, wait: false }).catch(() => {});
    return noJobQueue;
  }
}

/** Whether a server ever created the mail queue here (pg-boss's schema and its `mail.send` queue). */
async function hasMailQueue(db: Db): Promise<boolean> {
  // Two statements: a statement naming a table that does not exist fails when planned.
  const schema = await sql<{
    found: boolean;
  }>`select to_regclass('pgboss.queue') is not null as found`.execute(db);
  if (schema.rows[0]?.found !== true) return false;
  const queue = await sql<{ found: boolean }>`
    select exists (select 1 from pgboss.queue where name = ${MAIL_SEND_QUEUE}) as found`.execute(db);
  return queue.rows[0]?.found === true;
}
