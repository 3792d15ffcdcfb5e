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
 * statements in one message). A statement PostgreSQL reports stale (its tables changed under it: a
 * migration run by another instance) or gone is forgotten and prepared anew at its next call; outside a
 * transaction that call is its own retry, at once.
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

/** Whether a statement goes named (prepared) by this file's rule; the bench floors follow it too. */
export function isPrepared(
  text: string,
  valueCount: number,
  maxParameters = DEFAULT_MAX_PARAMETERS,
): boolean {
  return valueCount > 0 && valueCount <= maxParameters && !isPlannedPerCall(text);
}

/**
 * A text search (`like`): its best plan depends on the pattern, which a generic plan cannot see. In the
 * workload the searched client page ran in 2.3 ms on the generic plan PostgreSQL chose, against 0.8 ms
 * planned for its pattern (0.4 ms of planning): such statements are planned per call, as before.
 */
function isPlannedPerCall(text: string): boolean {
  return SEARCHES.test(text);
}
const SEARCHES = /\b(i?like|similar\s+to)\b/i;

/** Its tables changed under it (a migration by another instance): the cached plan's result type no longer fits. */
const STALE_PLAN = '0A000';
/** The session no longer holds it. */
const UNKNOWN_STATEMENT = '26000';

interface Statements {
  /** Statement text -> name; Map order is use order (re-inserted on use), the first is the oldest. */
  byText: Map<string, string>;
  /** Names dropped from `byText` and not yet deallocated in the session. */
  evicted: string[];
  /** Names whose DEALLOCATE is queued, so none is sent twice. */
  closing: Set<string>;
}

/** node-postgres's own record of a connection's named statements: parsed, or sent and not yet answered. */
interface KnownStatements {
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
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
  const wrapped = wrapperByClient.get(client);
  if (wrapped) return wrapped;
  const known = knownStatementsOf(client);
  const statements: Statements = { byText: new Map(), evicted: [], closing: new Set() };
  const wrapper: PostgresPoolClient = {
    query: ((textOrCursor: string | PostgresCursor<unknown>, parameters?: readonly unknown[]) => {
      if (typeof textOrCursor !== 'string') return client.query(textOrCursor as never);
      const values = parameters ? [...parameters] : [];
      // A text this connection holds prepared passed the rule already: the hot path skips its regex.
      const isHeld = statements.byText.has(textOrCursor);
      if (!isHeld && !isPrepared(textOrCursor, values.length, maxParameters)) {
        return client.query(textOrCursor, values);
      }
      return runPrepared({ client, known, statements, capacity }, textOrCursor, values, true);
    }) as PostgresPoolClient['query'],
    release: () => client.release(),
  };
  wrapperByClient.set(client, wrapper);
  return wrapper;
}

interface Session {
  client: pg.PoolClient;
  known: KnownStatements;
  statements: Statements;
  capacity: number;
}

async function runPrepared(
  session: Session,
  text: string,
  values: unknown[],
  mayRetry: boolean,
): Promise<PostgresQueryResult<unknown>> {
  const { client, statements } = session;
  let name = statements.byText.get(text);
  if (name === undefined) {
    while (statements.byText.size >= session.capacity) evictOldest(session);
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
    if (code !== STALE_PLAN && code !== UNKNOWN_STATEMENT) throw error;
    statements.byText.delete(text);
    if (code === STALE_PLAN) {
      statements.evicted.push(name);
      closeEvicted(session);
    } else {
      // Gone from the session already: node-postgres must not skip its Parse if the name came back.
      delete session.known.parsedStatements[name];
    }
    // Outside a transaction nothing else was lost: the call runs again, prepared anew. In one, the
    // transaction has failed, and the call fails with it as for any other failed statement.
    if (mayRetry && client.getTransactionStatus() === 'I') return runPrepared(session, text, values, false);
    // Not now rather than never: the same call, sent again, prepares the statement anew (a retriable
    // 503, not a 500; db/errors.ts).
    throw Object.assign(error as object, { isStaleStatement: true });
  }
}

function evictOldest(session: Session): void {
  const [text, name] = session.statements.byText.entries().next().value as [string, string];
  session.statements.byText.delete(text);
  session.statements.evicted.push(name);
  closeEvicted(session);
}

/**
 * Deallocates the evicted statements the session holds, queued on the connection before its next
 * statement. A name whose Parse is still in flight waits for a later eviction; one whose Parse failed
 * is not in the session, so it is dropped. A DEALLOCATE refused because its transaction had failed is
 * tried again at a later eviction; node-postgres forgets the name only once it is deallocated.
 */
function closeEvicted(session: Session): void {
  const { client, known, statements } = session;
  const waiting: string[] = [];
  for (const name of statements.evicted) {
    if (statements.closing.has(name)) continue;
    if (known.parsedStatements[name] !== undefined) {
      statements.closing.add(name);
      client.query(`deallocate ${name}`).then(
        () => {
          statements.closing.delete(name);
          delete known.parsedStatements[name];
        },
        () => {
          statements.closing.delete(name);
          statements.evicted.push(name);
        },
      );
    } else if (known.submittedNamedStatements[name] !== undefined) {
      waiting.push(name);
    }
  }
  statements.evicted = waiting;
}

/**
 * node-postgres's record of the connection's named statements. Read, not guessed: were it gone (a
 * version of the driver that keeps it elsewhere), every connection would fail here at once rather than
 * leave evicted statements in the session unseen.
 */
function knownStatementsOf(client: pg.PoolClient): KnownStatements {
  const connection = (client as unknown as { connection?: Partial<KnownStatements> }).connection;
  if (
    typeof connection?.parsedStatements !== 'object' ||
    typeof connection.submittedNamedStatements !== 'object'
  ) {
    throw new Error(
      'node-postgres keeps no record of parsed statements here: db/prepared-pool.ts must follow it',
    );
  }
  return connection as KnownStatements;
}
