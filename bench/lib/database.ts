// Opens the database a benchmark runs against: DATABASE_URL, or a local PostgreSQL database
// `caudal_bench` created on first use, migrated with the API's own runner.
import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { sql } from 'kysely';
import { type DatabaseHandle, openDatabase } from '../../apps/api/src/db/database';
import { migrate } from '../../apps/api/src/db/migrate';

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/caudal_bench';

export interface BenchTarget {
  handle: DatabaseHandle;
  /** Where the data lives, for the printed report (no credentials). */
  label: string;
  /** Set for PostgreSQL: the bare-SQL half opens its own pool on it. */
  databaseUrl: string | null;
}

/** The PostgreSQL URL the benchmarks use; the default database is created if it does not exist. */
export async function resolveDatabaseUrl(): Promise<string> {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) return databaseUrl;
  await ensureDatabase(DEFAULT_DATABASE_URL);
  return DEFAULT_DATABASE_URL;
}

export async function openBenchDatabase(options: { pgliteDir?: string | null } = {}): Promise<BenchTarget> {
  if (options.pgliteDir) {
    // PGlite creates its own directory, but not the ones above it.
    await mkdir(dirname(resolve(options.pgliteDir)), { recursive: true });
    const handle = await openDatabase({ dataDir: options.pgliteDir });
    await migrate(handle.db);
    return { handle, label: `PGlite ${options.pgliteDir}`, databaseUrl: null };
  }
  const databaseUrl = await resolveDatabaseUrl();
  const handle = await openDatabase({ databaseUrl });
  await migrate(handle.db);
  return { handle, label: `PostgreSQL ${describeUrl(databaseUrl)}`, databaseUrl };
}

/** Creates the database named in the URL through the server's `postgres` database, if missing. */
async function ensureDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unexpected database name: ${name}`);
  url.pathname = '/postgres';
  const admin = await openDatabase({ databaseUrl: url.toString() });
  try {
    const found = await sql<{
      one: number;
    }>`select 1 as one from pg_database where datname = ${name}`.execute(admin.db);
    if (found.rows.length === 0) await sql.raw(`create database ${name}`).execute(admin.db);
  } finally {
    await admin.close();
  }
}

function describeUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  return `${url.hostname}:${url.port || 5432}${url.pathname}`;
}
