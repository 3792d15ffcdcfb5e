import { mkdirSync } from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { hookFirstCommit } from './before-first-commit';
import { lockDataDir } from './data-dir-lock';
import { Mutex } from './mutex';
import { lastResult, PGliteDialect } from './pglite-dialect';
import { createStatementRunner } from './pglite-statements';
import { preparingStatements } from './prepared-pool';
import type { Database } from './schema';
import { sendingDeferredWithCommit } from './sent-with-commit';
import { deadlineClients } from './statement-deadline';
import { type DatabaseTimeouts, DEFAULT_DATABASE_TIMEOUTS } from './timeouts';

export { type DatabaseTimeouts, DEFAULT_DATABASE_TIMEOUTS } from './timeouts';

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
  /**
   * PostgreSQL: the connection class of the API's pool, every statement bounded by the client-side
   * deadline (db/statement-deadline.ts); pg-boss's own pool uses it too. Null on PGlite.
   */
  postgresClient: typeof pg.Client | null;
  /** The limits it was opened with. */
  timeouts: DatabaseTimeouts;
  /**
   * Ends at once the connections with a statement in flight (shutdown): calls waiting on a database that
   * does not answer get their 503 now instead of at their deadline. Nothing to do on PGlite.
   */
  interrupt(): void;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { databaseUrl: string }
  | { dataDir: string | null }
  /** An in-memory PGlite started from a dump (tests: a migrated template skips initdb and migrations). */
  | { template: Blob };

/** PostgreSQL when a URL is given; otherwise PGlite in `dataDir`, or in memory when it is null. */
export async function openDatabase(
  target: DatabaseTarget,
  timeouts: DatabaseTimeouts = DEFAULT_DATABASE_TIMEOUTS,
): Promise<DatabaseHandle> {
  if ('databaseUrl' in target) return openPostgres(target.databaseUrl, timeouts);
  if ('template' in target)
    return openPGlite(new PGlite({ ...PGLITE_OPTIONS, loadDataDir: target.template }), timeouts);
  if (!target.dataDir) return openPGlite(new PGlite(PGLITE_OPTIONS), timeouts);
  // PGlite creates only the last directory of its path; a fresh checkout may lack the parents.
  mkdirSync(target.dataDir, { recursive: true });
  // One process per folder: two PGlite instances writing the same files destroy the database.
  const lock = lockDataDir(target.dataDir);
  try {
    const handle = await openPGlite(new PGlite({ ...PGLITE_OPTIONS, dataDir: target.dataDir }), timeouts);
    return {
      ...handle,
      close: async () => {
        try {
          await handle.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

/**
 * Extensions the migrations create (PGlite must load their code before `create extension` can run),
 * and memory sized for one embedded connection. PGlite's WebAssembly memory only grows: every buffer
 * touched once stays resident. PostgreSQL's defaults (128 MB shared buffers, 64 MB per index build)
 * are made for a server with many connections; the data files sit in the OS page cache anyway, so
 * smaller buffers cost little time and keep the process far smaller (bench/embedded-load.ts).
 */
const PGLITE_OPTIONS: PGliteOptions = {
  extensions: { pg_trgm },
  startParams: [
    ...PGlite.defaultStartParams,
    ...['shared_buffers=16MB', 'maintenance_work_mem=16MB', 'temp_buffers=2MB', 'wal_buffers=1MB'].flatMap(
      (setting) => ['-c', setting],
    ),
  ],
};

function openPostgres(connectionString: string, timeouts: DatabaseTimeouts): DatabaseHandle {
  // statement_timeout is enforced by the server, so it never fires for a statement the server never
  // received (a partition, a frozen server): past the deadline the client ends the connection itself.
  const clients = deadlineClients(timeouts.deadlineMs);
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: timeouts.acquireMs,
    keepAlive: true,
    Client: clients.Client,
    // JIT compilation costs hundreds of ms on our short OLTP queries and never pays back.
    options: `-c jit=off -c statement_timeout=${timeouts.statementMs} -c lock_timeout=${timeouts.lockMs}`,
  });
  // An idle connection the server closes (restart, failover, terminated backend) is emitted here; the
  // pool has already dropped it and the next query opens a new one. Without a listener Node would
  // treat it as unhandled and take the whole process down.
  pool.on('error', () => {});
  // The pool listens on idle clients only. A client checked out when the server drops it (57P01 under
  // load) emits 'error' too: its query fails with that error (mapped to a retriable 503), the pool
  // discards the client on release, and this listener keeps the event from ending the process.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = hookFirstCommit(
    new Kysely<Database>({
      dialect: sendingDeferredWithCommit(new PostgresDialect({ pool: preparingStatements(pool) })),
    }),
  );
  return {
    db,
    kind: 'postgres',
    executor: null,
    connectionString,
    postgresClient: clients.Client,
    timeouts,
    interrupt: clients.interrupt,
    close: async () => {
      // The pool's end waits for every checked-out connection: none may wait on a silent database.
      clients.interrupt();
      await db.destroy();
    },
  };
}

/**
 * Kysely and pg-boss's executor over one PGlite, sharing one mutex (PGlite is one connection) and one
 * set of prepared statements.
 */
export function createPGliteAccess(
  pglite: PGlite,
  mutex: Mutex,
  timeouts: DatabaseTimeouts,
): { db: Kysely<Database>; executor: SqlExecutor } {
  const statements = createStatementRunner(pglite);
  // PGlite cannot cancel a running statement (no statement_timeout in WASM): bound the wait instead.
  // Every transaction does the running call's owed work (the audit event: shared/audit/audit-scope.ts).
  const db = hookFirstCommit(
    new Kysely<Database>({
      dialect: sendingDeferredWithCommit(new PGliteDialect(pglite, mutex, statements, timeouts.acquireMs)),
    }),
  );
  const executor: SqlExecutor = {
    executeSql: (text, values) =>
      mutex.run(async () => {
        const result =
          values && values.length > 0
            ? await statements.query(text, values)
            : lastResult(await pglite.exec(text));
        return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
      }, timeouts.acquireMs),
  };
  return { db, executor };
}

async function openPGlite(pglite: PGlite, timeouts: DatabaseTimeouts): Promise<DatabaseHandle> {
  await pglite.waitReady;
  const mutex = new Mutex();
  const { db, executor } = createPGliteAccess(pglite, mutex, timeouts);
  return {
    db,
    kind: 'pglite',
    pglite,
    executor,
    connectionString: null,
    postgresClient: null,
    timeouts,
    interrupt: () => {},
    close: async () => {
      await db.destroy();
      await mutex.run(() => pglite.close());
    },
  };
}
