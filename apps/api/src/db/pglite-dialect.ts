import type { PGlite, Results } from '@electric-sql/pglite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from 'kysely';
import type { Mutex } from './mutex';
import type { StatementRunner } from './pglite-statements';

/**
 * Kysely over PGlite. PGlite is ONE Postgres connection, so a connection is handed out under a mutex
 * and held until Kysely releases it: a Kysely transaction then owns the database, and nothing else can
 * slip a statement into it.
 *
 * HAZARD: while holding a transaction, never await a query that does not go through that transaction
 * (another `db.…`, a pg-boss `send`, …). It waits for the mutex the transaction holds: a deadlock.
 */
export class PGliteDialect implements Dialect {
  constructor(
    private readonly pglite: PGlite,
    private readonly mutex: Mutex,
    private readonly statements: StatementRunner,
    private readonly acquireTimeoutMs?: number,
  ) {}

  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pglite, this.mutex, this.statements, this.acquireTimeoutMs);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}

class PGliteDriver implements Driver {
  readonly #releases = new WeakMap<DatabaseConnection, () => void>();

  constructor(
    private readonly pglite: PGlite,
    private readonly mutex: Mutex,
    private readonly statements: StatementRunner,
    private readonly acquireTimeoutMs?: number,
  ) {}

  async init() {
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.mutex.acquire(this.acquireTimeoutMs);
    const connection = new PGliteConnection(this.pglite, this.statements);
    this.#releases.set(connection, release);
    return connection;
  }

  async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }
  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(connection: DatabaseConnection) {
    this.#releases.get(connection)?.();
    this.#releases.delete(connection);
  }

  async destroy() {
    // The owner of the PGlite instance closes it (pg-boss may still be draining through the mutex).
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(
    private readonly pglite: PGlite,
    private readonly statements: StatementRunner,
  ) {}

  /** Every connection object runs in the one session PGlite has (what it prepares, all share). */
  get session(): object {
    return this.pglite;
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    // Parameterless SQL may hold several statements (migrations): only the simple protocol runs those.
    const result =
      compiled.parameters.length === 0
        ? lastResult(await this.pglite.exec(compiled.sql))
        : await this.statements.query<R>(compiled.sql, compiled.parameters);
    return {
      rows: result.rows as R[],
      numAffectedRows: result.affectedRows === undefined ? undefined : BigInt(result.affectedRows),
    };
  }

  // biome-ignore lint/correctness/useYield: streaming is not supported by PGlite; fail loudly.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not support streaming queries');
  }
}

export function lastResult(results: Results[]): Results {
  return results.at(-1) ?? { rows: [], fields: [], affectedRows: 0 };
}
