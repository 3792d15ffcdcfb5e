import { mkdirSync } from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { Mutex } from './mutex';
import { lastResult, PGliteDialect } from './pglite-dialect';
import type { Database } from './schema';

export type Db = Kysely<Database>;

/** What pg-boss needs when it does not open its own pool (its `db` option). */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[]; rowCount: number }>;
}

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Set for PGlite only: pg-boss must share its mutex. With PostgreSQL pg-boss opens its own pool. */
  executor: SqlExecutor | null;
  /** The embedded instance, for PGlite only (tests dump it as a template). */
  pglite?: PGlite;
  connectionString: string | null;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { databaseUrl: string }
  | { dataDir: string | null }
  /** An in-memory PGlite started from a dump (tests: a migrated template skips initdb and migrations). */
  | { template: Blob };

/** PostgreSQL when a URL is given; otherwise PGlite in `dataDir`, or in memory when it is null. */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if ('databaseUrl' in target) return openPostgres(target.databaseUrl);
  if ('template' in target)
    return openPGlite(new PGlite({ ...PGLITE_OPTIONS, loadDataDir: target.template }));
  // PGlite creates only the last directory of its path; a fresh checkout may lack the parents.
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  return openPGlite(
    new PGlite({ ...PGLITE_OPTIONS, ...(target.dataDir ? { dataDir: target.dataDir } : {}) }),
  );
}

/** Extensions the migrations create; PGlite must load their code before `create extension` can run. */
const PGLITE_OPTIONS: PGliteOptions = { extensions: { pg_trgm } };

function openPostgres(connectionString: string): DatabaseHandle {
  // JIT compilation costs hundreds of ms on our short OLTP queries and never pays back.
  const pool = new pg.Pool({ connectionString, max: 10, options: '-c jit=off' });
  // An idle connection the server closes (restart, failover, terminated backend) is emitted here; the
  // pool has already dropped it and the next query opens a new one. Without a listener Node would
  // treat it as unhandled and take the whole process down.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgres', executor: null, connectionString, close: () => db.destroy() };
}

async function openPGlite(pglite: PGlite): Promise<DatabaseHandle> {
  await pglite.waitReady;
  const mutex = new Mutex();
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite, mutex) });
  const executor: SqlExecutor = {
    executeSql: (text, values) =>
      mutex.run(async () => {
        const result =
          values && values.length > 0
            ? await pglite.query(text, values)
            : lastResult(await pglite.exec(text));
        return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
      }),
  };
  return {
    db,
    kind: 'pglite',
    pglite,
    executor,
    connectionString: null,
    close: async () => {
      await db.destroy();
      await mutex.run(() => pglite.close());
    },
  };
}
