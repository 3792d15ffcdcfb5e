import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

/**
 * A statement that runs at the very end of its transaction, sent in the same message as the COMMIT
 * (one round trip, and no turn of the API's event loop between them).
 *
 * Why: it saves the change's transaction a round trip, and the audit log's append once held its
 * company's chain head until the commit (decision 0043; since 0049 it holds no lock, and the round trip
 * is what remains saved).
 *
 * The statement is prepared once per database session (`PREPARE`, a statement of its own the first time
 * a session runs it) and sent as `EXECUTE name(…)` with the COMMIT: the message uses the simple
 * protocol (the only one that carries two statements), and without the prepared plan the database
 * would parse and plan the whole statement again on every call (~80 µs against ~30 µs on this
 * machine, bench/README.md). A prepared statement outlives a rolled-back transaction, so a session
 * never prepares one twice. The parameters are written into the EXECUTE as literals: strings with the
 * driver's own `escapeLiteral`, numbers as numbers, dates as ISO text, null as NULL. Anything else is
 * refused, so only simple values ever travel this way. A literal takes the type of its parameter.
 *
 * If the statement fails, the database skips the COMMIT of the same message; the commit then throws,
 * and the transaction rolls back as for any failed statement. Any other statement the transaction sends
 * after a deferred one sends the deferred ones first, so the order of statements never changes.
 */
export async function executeWithCommit(
  trx: Kysely<Database>,
  statement: DeferredStatement,
  parameters: readonly unknown[],
): Promise<void> {
  if (!trx.isTransaction) throw new Error('executeWithCommit runs inside a transaction');
  const compiled = CompiledQuery.raw(statement.sql, [...parameters]);
  deferred.set(compiled, registered(statement));
  await trx.executeQuery(compiled);
}

/** A statement sent with the COMMIT: its SQL with parameters `$1…$n`, prepared under `name`. */
export interface DeferredStatement {
  /** The name it is prepared under in each session: one name, one SQL text, for the process's life. */
  name: string;
  sql: string;
}

/** The dialect whose transactions send their deferred statements with their COMMIT. */
export function sendingDeferredWithCommit(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new DeferringDriver(dialect.createDriver()),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}

const deferred = new WeakMap<CompiledQuery, DeferredStatement>();
const sqlByName = new Map<string, string>();

function registered(statement: DeferredStatement): DeferredStatement {
  if (!/^[a-z_][a-z0-9_]*$/.test(statement.name)) throw new Error(`Not a statement name: ${statement.name}`);
  const known = sqlByName.get(statement.name);
  if (known === undefined) sqlByName.set(statement.name, statement.sql);
  else if (known !== statement.sql) throw new Error(`Two statements are named ${statement.name}`);
  return statement;
}

/** The statements each database session has prepared, by the session's own object. */
const preparedBySession = new WeakMap<object, Set<string>>();

/** `EXECUTE` of a prepared statement with its parameters written in as literals (see above). */
export function toExecute(name: string, parameters: readonly unknown[]): string {
  return parameters.length === 0
    ? `execute ${name}`
    : `execute ${name}(${parameters.map(toLiteral).join(', ')})`;
}

function toLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'string') {
    // The driver's escaping, without its character loop for the usual string that needs none.
    return /['\\]/.test(value) ? pg.escapeLiteral(value) : `'${value}'`;
  }
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date && !Number.isNaN(value.getTime())) return `'${value.toISOString()}'`;
  throw new Error(
    `A statement sent with the commit takes strings, numbers, dates and null (got ${typeof value})`,
  );
}

/**
 * The object that stands for a connection's database session: the connection itself, unless the
 * dialect hands out several connection objects over one session (PGlite: `session`).
 */
function sessionOf(connection: DatabaseConnection): object {
  return (connection as { session?: object }).session ?? connection;
}

/**
 * Queues `callback` to run once the transaction on `connection` has committed; dropped if it rolls back
 * or its commit fails (db/after-commit.ts). Answers false for a connection of another driver.
 */
export function queueAfterCommit(connection: DatabaseConnection, callback: () => void): boolean {
  if (!(connection instanceof DeferringConnection)) return false;
  connection.afterCommit.push(callback);
  return true;
}

class DeferringConnection implements DatabaseConnection {
  #pending: string[] = [];
  /** Callbacks of the running transaction, run by the driver once its COMMIT has succeeded. */
  afterCommit: (() => void)[] = [];
  isInTransaction = false;
  /**
   * A statement of the running transaction failed, so the database has aborted it: its COMMIT would
   * answer ROLLBACK without an error, and a caller that had caught the statement's error would take
   * its lost writes for committed ones (and run their after-commit callbacks). The driver refuses it.
   */
  hasFailedStatement = false;

  constructor(readonly inner: DatabaseConnection) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    try {
      const statement = deferred.get(compiled);
      if (statement) {
        const execute = toExecute(statement.name, compiled.parameters);
        await this.prepare(statement);
        this.#pending.push(execute);
        return { rows: [] };
      }
      await this.flush();
      return await this.inner.executeQuery<R>(compiled);
    } catch (error) {
      throw this.failed(error);
    }
  }

  /** Notes a statement's failure in the running transaction (see `hasFailedStatement`); answers it. */
  failed(error: unknown): unknown {
    if (this.isInTransaction) this.hasFailedStatement = true;
    return error;
  }

  /** Prepares the statement in this connection's session unless it already is (once per session). */
  async prepare(statement: DeferredStatement): Promise<void> {
    const session = sessionOf(this.inner);
    let prepared = preparedBySession.get(session);
    if (!prepared) {
      prepared = new Set();
      preparedBySession.set(session, prepared);
    }
    if (prepared.has(statement.name)) return;
    await this.inner.executeQuery(CompiledQuery.raw(`prepare ${statement.name} as ${statement.sql}`));
    prepared.add(statement.name);
  }

  async *streamQuery<R>(compiled: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    try {
      await this.flush();
      yield* this.inner.streamQuery<R>(compiled, chunkSize);
    } catch (error) {
      throw this.failed(error);
    }
  }

  /** The deferred statements, taken: sent by the commit, or dropped by a rollback. */
  takePending(): string[] {
    const pending = this.#pending;
    this.#pending = [];
    return pending;
  }

  async flush(): Promise<void> {
    const pending = this.takePending();
    if (pending.length > 0) await this.inner.executeQuery(CompiledQuery.raw(pending.join(';\n')));
  }
}

class DeferringDriver implements Driver {
  constructor(private readonly inner: Driver) {}

  init() {
    return this.inner.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    return new DeferringConnection(await this.inner.acquireConnection());
  }
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    await this.inner.beginTransaction(innerOf(connection), settings);
    const deferring = connection as DeferringConnection;
    deferring.isInTransaction = true;
    deferring.hasFailedStatement = false;
  }
  async commitTransaction(connection: DatabaseConnection) {
    const deferring = connection as DeferringConnection;
    if (deferring.hasFailedStatement) {
      // Kysely rolls the transaction back on this error, as for any failed statement.
      throw new Error('A statement of this transaction failed: it cannot commit');
    }
    deferring.isInTransaction = false;
    const pending = deferring.takePending();
    const callbacks = deferring.afterCommit;
    deferring.afterCommit = [];
    if (pending.length === 0) await this.inner.commitTransaction(innerOf(connection));
    else await innerOf(connection).executeQuery(CompiledQuery.raw([...pending, 'commit'].join(';\n')));
    for (const callback of callbacks) {
      try {
        callback();
      } catch {
        // A signal that fails must not turn a committed change into an error.
      }
    }
  }
  rollbackTransaction(connection: DatabaseConnection) {
    const deferring = connection as DeferringConnection;
    deferring.takePending();
    deferring.afterCommit = [];
    deferring.isInTransaction = false;
    deferring.hasFailedStatement = false;
    return this.inner.rollbackTransaction(innerOf(connection));
  }
  // A driver without savepoints (PGlite's) refuses them, as Kysely does for such a driver: passed over
  // in silence, a rollback to a savepoint would roll nothing back and the commit would keep it all.
  async savepoint(...[connection, ...rest]: Parameters<NonNullable<Driver['savepoint']>>) {
    const savepoint = supported(this.inner.savepoint, 'savepoint');
    await (connection as DeferringConnection).flush();
    return savepoint.call(this.inner, innerOf(connection), ...rest);
  }
  async rollbackToSavepoint(
    ...[connection, ...rest]: Parameters<NonNullable<Driver['rollbackToSavepoint']>>
  ) {
    const rollback = supported(this.inner.rollbackToSavepoint, 'rollbackToSavepoint');
    const deferring = connection as DeferringConnection;
    await deferring.flush();
    await rollback.call(this.inner, innerOf(connection), ...rest);
    // Back before the failure: the transaction may commit again.
    deferring.hasFailedStatement = false;
  }
  async releaseSavepoint(...[connection, ...rest]: Parameters<NonNullable<Driver['releaseSavepoint']>>) {
    const release = supported(this.inner.releaseSavepoint, 'releaseSavepoint');
    await (connection as DeferringConnection).flush();
    return release.call(this.inner, innerOf(connection), ...rest);
  }
  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection(innerOf(connection));
  }
  destroy() {
    return this.inner.destroy();
  }
}

function supported<M>(method: M | undefined, name: string): M {
  if (!method) throw new Error(`The database driver does not support ${name}`);
  return method;
}

function innerOf(connection: DatabaseConnection): DatabaseConnection {
  return (connection as DeferringConnection).inner;
}
