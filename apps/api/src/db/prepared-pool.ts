import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/**
 * Parameterised statements on PostgreSQL as named prepared statements (decision 0060), as PGlite's
 * already are (pglite-statements.ts).
 *
 * Why: sent unnamed, every statement is parsed and planned again on every call. Measured in the mixed
 * staff workload (pg_stat_statements, bench/README.md), planning took a third of PostgreSQL's statement
 * time: the session check of every call planned in 0.38 ms and ran in 0.07 ms. A named statement is
 * parsed once per connection, and PostgreSQL keeps its plan: after five runs it uses a generic plan
 * when that is no dearer than the custom ones (`plan_cache_mode = auto`), else plans for each call's
 * values as before.
 *
 * Each connection keeps its most recently used `capacity` statements and deallocates the rest (texts
 * vary with `in (…)` list lengths). Sent unnamed as before: text searches (`like`, planned for each
 * pattern: `isPlannedPerCall`), bulk statements (more than `maxParameters` values: the seed's and
 * generators' multi-row inserts) and statements without parameters (`begin`, `commit`, several
 * statements in one message). A statement PostgreSQL says is stale (its tables
 * changed under it: a migration by another instance) is forgotten, so its next call prepares it again.
 *
 * A pooler in transaction mode (PgBouncer `pool_mode=transaction`) in front of PostgreSQL would break
 * this, as decision 0056 already notes for the audit append.
 */
export function preparingStatements(
  pool: pg.Pool,
  options: { capacity?: number; maxParameters?: number } = {},
): PostgresPool {
  const capacity = options.capacity ?? DEFAULT_CAPACITY;
  const maxParameters = options.maxParameters ?? DEFAULT_MAX_PARAMETERS;
  return {
    connect: async () => wrapClient(await pool.connect(), capacity, maxParameters),
    end: () => pool.end(),
  };
}

/** Statements kept prepared per connection. */
const DEFAULT_CAPACITY = 250;
/** Above this many values a statement is a bulk write, run once: not worth a prepared slot. */
const DEFAULT_MAX_PARAMETERS = 100;
/**
 * A text search (`like`): its best plan depends on the pattern, which a generic plan cannot see. In the
 * workload the searched client page ran in 2.3 ms on the generic plan PostgreSQL chose, against 0.8 ms
 * planned for its pattern (0.4 ms of planning): such statements are planned per call, as before.
 */
export function isPlannedPerCall(text: string): boolean {
  return SEARCHES.test(text);
}
const SEARCHES = /\b(i?like|similar\s+to)\b/i;

/** SQLSTATEs after which a prepared statement must be parsed again (its result type changed; it is gone). */
const STALE_STATEMENT = new Set(['0A000', '26000']);

interface Statements {
  /** Statement text -> name; Map order is use order (re-inserted on use), the first is the oldest. */
  byText: Map<string, string>;
  /** Names evicted whose deallocation failed (their transaction had failed): retried at the next eviction. */
  toClose: string[];
}

/**
 * One wrapper per pooled connection, for the connection's life: Kysely keys its connection object by
 * the client it is handed, and what hangs on that (the statements sent with a COMMIT prepared per
 * session, sent-with-commit.ts) must see the same session as the same client.
 */
const wrapperByClient = new WeakMap<pg.PoolClient, PostgresPoolClient>();
/** Names are unique in the process, so a name never stands for two texts on any connection. */
let statementCounter = 0;

function wrapClient(client: pg.PoolClient, capacity: number, maxParameters: number): PostgresPoolClient {
  const known = wrapperByClient.get(client);
  if (known) return known;
  const statements: Statements = { byText: new Map(), toClose: [] };
  const wrapper: PostgresPoolClient = {
    query: ((textOrCursor: string | PostgresCursor<unknown>, parameters?: readonly unknown[]) => {
      if (typeof textOrCursor !== 'string') return client.query(textOrCursor as never);
      const values = parameters ? [...parameters] : [];
      if (values.length === 0 || values.length > maxParameters || isPlannedPerCall(textOrCursor)) {
        return client.query(textOrCursor, values);
      }
      return runPrepared(client, statements, capacity, textOrCursor, values);
    }) as PostgresPoolClient['query'],
    release: () => client.release(),
  };
  wrapperByClient.set(client, wrapper);
  return wrapper;
}

async function runPrepared(
  client: pg.PoolClient,
  statements: Statements,
  capacity: number,
  text: string,
  values: unknown[],
): Promise<PostgresQueryResult<unknown>> {
  let name = statements.byText.get(text);
  if (name === undefined) {
    while (statements.byText.size >= capacity) evictOldest(client, statements);
    statementCounter += 1;
    name = `k${statementCounter}`;
  } else {
    statements.byText.delete(text);
  }
  statements.byText.set(text, name);
  try {
    return (await client.query({ name, text, values })) as unknown as PostgresQueryResult<unknown>;
  } catch (error) {
    const code = (error as { code?: string }).code;
    // 26000: the session no longer holds it, so there is nothing to deallocate.
    if (code !== undefined && STALE_STATEMENT.has(code)) forget(client, statements, text, code !== '26000');
    throw error;
  }
}

function evictOldest(client: pg.PoolClient, statements: Statements): void {
  const oldest = statements.byText.keys().next().value as string;
  forget(client, statements, oldest, true);
}

/** Drops a statement here and, when the session holds it, in the session (queued before the next query). */
function forget(client: pg.PoolClient, statements: Statements, text: string, isHeld: boolean): void {
  const name = statements.byText.get(text);
  statements.byText.delete(text);
  if (name === undefined) return;
  const parsed = parsedStatementsOf(client);
  if (parsed?.[name] !== undefined) {
    delete parsed[name];
    if (isHeld) statements.toClose.push(name);
  }
  const closing = statements.toClose;
  statements.toClose = [];
  for (const stale of closing) {
    // In a transaction that already failed, the deallocation fails too: kept for the next eviction.
    client.query(`deallocate ${stale}`).catch(() => statements.toClose.push(stale));
  }
}

/** node-postgres's record of the statements this connection's session has parsed (by name). */
function parsedStatementsOf(client: pg.PoolClient): Record<string, string> | undefined {
  return (client as unknown as { connection?: { parsedStatements?: Record<string, string> } }).connection
    ?.parsedStatements;
}
