import type { Config } from '../config';
import { DataDirLockedError } from '../db/data-dir-lock';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { systemClock } from '../shared/clock';
import { noJobQueue } from '../shared/jobs/jobs';
import type { Logger } from '../shared/logger';
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
  try {
    await migrate(handle.db);
    return await runOperatorCommand(
      { db: handle.db, clock: systemClock, config, jobs: noJobQueue, log },
      request,
    );
  } finally {
    await handle.close();
  }
}
