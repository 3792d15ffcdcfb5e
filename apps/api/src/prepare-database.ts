import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './config';
import type { Db } from './db/database';
import { migrate } from './db/migrate';
import type { DemoApplication } from './features/seed/demo-applications';
import { seedDemo, seedInstitutions } from './features/seed/seed';
import { systemClock } from './shared/clock';
import type { Logger } from './shared/logger';

export interface PreparedDatabase {
  /** The demo was seeded now (it was not there before). */
  isSeeded: boolean;
  /** Secrets of the demo applications seeded now: printed once, never logged. */
  demoApplications: DemoApplication[];
}

/** The environment variable that makes the API's entry prepare the data directory and exit. */
export const PREPARE_ONLY_ENV = 'CAUDAL_PREPARE_ONLY';

/** Migrations, then the demo seed (or only the institutions when the demo is off or already there). */
export async function prepareDatabase(db: Db, config: Config, log: Logger): Promise<PreparedDatabase> {
  const applied = await migrate(db);
  if (applied.length > 0) log.info({ applied }, 'migrations applied');
  const demoApplications: DemoApplication[] = [];
  const isSeeded =
    config.seedDemo &&
    (await seedDemo(db, config.passwordHashing, systemClock, (application) =>
      demoApplications.push(application),
    ));
  if (isSeeded) log.info('demo data seeded');
  else await seedInstitutions(db);
  return { isSeeded, demoApplications };
}

/** An embedded data directory PGlite has not created yet (its first start creates and seeds it). */
export function isFreshDataDir(config: Config): boolean {
  return !config.databaseUrl && config.dataDir !== null && !existsSync(join(config.dataDir, 'PG_VERSION'));
}

/**
 * Creates, migrates and seeds a fresh embedded data directory in a child process that then exits.
 * PGlite's first start and the seed push the process to about 800 MB (initdb, then thousands of
 * inserts), and neither its WebAssembly memory nor the allocator's freed pages go back to the OS while
 * the process lives; closing and reopening in the same process still left 400 MB. Done in a child, that
 * peak leaves with it, and the API holds what it holds on any later start (issue 8: about 280 MB).
 * The child is this same entry (`main`), so it runs from source and built alike.
 */
export function prepareInChild(): Promise<PreparedDatabase> {
  const entry = process.argv[1];
  if (!entry) return Promise.reject(new Error('the API entry is unknown'));
  return new Promise((resolve, reject) => {
    let prepared: PreparedDatabase | null = null;
    const child = fork(entry, process.argv.slice(2), {
      execArgv: process.execArgv,
      env: { ...process.env, [PREPARE_ONLY_ENV]: '1' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.on('message', (message) => {
      prepared = message as PreparedDatabase;
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0 && prepared) resolve(prepared);
      else reject(new PreparationFailedError(code));
    });
  });
}

/** The child said why on the shared stderr; the parent only stops. */
export class PreparationFailedError extends Error {
  constructor(code: number | null) {
    super(`preparing the data directory failed (exit code ${code})`);
  }
}
