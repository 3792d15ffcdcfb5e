import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type RawBuilder,
  type TransactionSettings,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

/**
 * A statement that runs at the very end of its transaction, sent in the same message as the COMMIT
 * (one round trip, and no turn of the API's event loop between them).
 *
 * Why: the audit log's append locks its company's chain head until the commit (shared/audit). Run as a
 * statement of its own, the lock stayed held while the answer travelled back to the API, waited for
 * the event loop among every other request in flight, and the COMMIT travelled out: one company's
 * writers queued on all of that (decision 0043). Sent with the COMMIT, the lock lasts the statement
 * and the commit's own flush, inside the database.
 *
 * The message uses the simple protocol (the only one that carries two statements), so the deferred
 * statement's parameters are written into it as literals: strings with the driver's own
 * `escapeLiteral`, numbers as numbers, dates as ISO text, null as NULL. Anything else is refused, so
 * only simple values ever travel this way. A literal is typed by its context as a parameter is (both
 * are `unknown` until then), so the statement means the same.
 *
 * If the statement fails, the database skips the COMMIT of the same message; the commit then throws,
 * and the transaction rolls back as for any failed statement. Any other statement the transaction sends
 * after a deferred one sends the deferred ones first, so the order of statements never changes.
 */
export async function executeWithCommit(trx: Kysely<Database>, query: RawBuilder<unknown>): Promise<void> {
  if (!trx.isTransaction) throw new Error('executeWithCommit runs inside a transaction');
  const compiled = query.compile(trx);
  deferred.add(compiled);
  await trx.executeQuery(compiled);
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

const deferred = new WeakSet<CompiledQuery>();

/** A query's SQL with its parameters written in as literals (see above for which values may). */
export function inlineParameters(compiled: CompiledQuery): string {
  return compiled.sql.replace(/\$(\d+)/g, (_, position: string) => {
    const index = Number(position) - 1;
    if (index < 0 || index >= compiled.parameters.length) throw new Error(`No parameter $${position}`);
    return toLiteral(compiled.parameters[index]);
  });
}

function toLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'string') return pg.escapeLiteral(value);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date && !Number.isNaN(value.getTime())) return pg.escapeLiteral(value.toISOString());
  throw new Error(
    `A statement sent with the commit takes strings, numbers, dates and null (got ${typeof value})`,
  );
}

class DeferringConnection implements DatabaseConnection {
  #pending: string[] = [];

  constructor(readonly inner: DatabaseConnection) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    if (deferred.has(compiled)) {
      this.#pending.push(inlineParameters(compiled));
      return { rows: [] };
    }
    await this.flush();
    return this.inner.executeQuery<R>(compiled);
  }

  async *streamQuery<R>(compiled: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    await this.flush();
    yield* this.inner.streamQuery<R>(compiled, chunkSize);
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
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return this.inner.beginTransaction(innerOf(connection), settings);
  }
  async commitTransaction(connection: DatabaseConnection) {
    const pending = (connection as DeferringConnection).takePending();
    if (pending.length === 0) return this.inner.commitTransaction(innerOf(connection));
    await innerOf(connection).executeQuery(CompiledQuery.raw([...pending, 'commit'].join(';\n')));
  }
  rollbackTransaction(connection: DatabaseConnection) {
    (connection as DeferringConnection).takePending();
    return this.inner.rollbackTransaction(innerOf(connection));
  }
  async savepoint(...[connection, ...rest]: Parameters<NonNullable<Driver['savepoint']>>) {
    await (connection as DeferringConnection).flush();
    return this.inner.savepoint?.(innerOf(connection), ...rest);
  }
  async rollbackToSavepoint(
    ...[connection, ...rest]: Parameters<NonNullable<Driver['rollbackToSavepoint']>>
  ) {
    await (connection as DeferringConnection).flush();
    return this.inner.rollbackToSavepoint?.(innerOf(connection), ...rest);
  }
  async releaseSavepoint(...[connection, ...rest]: Parameters<NonNullable<Driver['releaseSavepoint']>>) {
    await (connection as DeferringConnection).flush();
    return this.inner.releaseSavepoint?.(innerOf(connection), ...rest);
  }
  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection(innerOf(connection));
  }
  destroy() {
    return this.inner.destroy();
  }
}

function innerOf(connection: DatabaseConnection): DatabaseConnection {
  return (connection as DeferringConnection).inner;
}
