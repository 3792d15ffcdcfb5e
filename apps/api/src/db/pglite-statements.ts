import { type PGlite, parse, protocol, type Results } from '@electric-sql/pglite';

/**
 * Parameterised statements on PGlite as named prepared statements.
 *
 * `PGlite.query` sends parse, describe, bind, describe, execute and sync as six separate trips into
 * WebAssembly, and PostgreSQL parses and plans the text on every call. Here a statement's text is
 * parsed once under a name (its parameter types kept beside it), and each later call is ONE trip —
 * bind, describe, execute, sync — on a statement PostgreSQL may also run from a cached plan.
 *
 * The caller must hold the database (db/mutex.ts): like `execProtocol`, this bypasses PGlite's own
 * queue so that it can run inside a transaction the caller owns.
 */
export interface StatementRunner {
  query<R>(sql: string, params: readonly unknown[]): Promise<Results<R>>;
  /** How many statements are prepared now (tests). */
  readonly size: number;
}

interface Prepared {
  name: string;
  parameterTypes: number[];
}

/** Statement texts vary with `in (…)` list lengths: keep the most recently used, close the rest. */
const DEFAULT_CAPACITY = 500;
/** SQLSTATEs after which a prepared statement must be parsed again (schema changed, or it is gone). */
const STALE_STATEMENT = new Set(['0A000', '26000']);

const { serialize } = protocol;
/** Names stay unique across runners sharing one PGlite session (a test pool reuses instances). */
let statementCounter = 0;

export function createStatementRunner(pglite: PGlite, capacity = DEFAULT_CAPACITY): StatementRunner {
  // Map keeps insertion order: re-inserting on use makes the first key the least recently used.
  const prepared = new Map<string, Prepared>();
  // Statements dropped from the map but still prepared in the session: closed with the next Parse.
  let toClose: string[] = [];

  const run = (messages: Uint8Array[]) => pglite.execProtocolStream(concat(messages), { syncToFs: false });

  function evict(sql: string) {
    const statement = prepared.get(sql);
    if (!statement) return;
    prepared.delete(sql);
    toClose.push(statement.name);
  }

  async function prepare(sql: string): Promise<Prepared> {
    while (prepared.size >= capacity) evict(prepared.keys().next().value as string);
    statementCounter += 1;
    const name = `caudal_${statementCounter}`;
    const closing = toClose;
    toClose = [];
    try {
      const messages = await run([
        ...closing.map((stale) => serialize.close({ type: 'S', name: stale })),
        serialize.parse({ name, text: sql }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]);
      const statement = { name, parameterTypes: parse.parseDescribeStatementResults(messages) };
      prepared.set(sql, statement);
      return statement;
    } catch (error) {
      // Which of the batch ran is unknown (an aborted transaction refuses it all): close them again
      // next time. Closing a statement that no longer exists is not an error.
      toClose.push(...closing);
      throw error;
    }
  }

  async function query<R>(sql: string, params: readonly unknown[]): Promise<Results<R>> {
    let statement = prepared.get(sql);
    if (statement) {
      prepared.delete(sql);
      prepared.set(sql, statement);
    } else {
      statement = await prepare(sql);
    }
    const { parameterTypes } = statement;
    const values = params.map((param, index) => serializeParam(pglite, param, parameterTypes[index]));
    try {
      const messages = await run([
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]);
      return parse.parseResults(messages, pglite.parsers)[0] as Results<R>;
    } catch (error) {
      if (isStaleStatement(error)) evict(sql);
      throw error;
    }
  }

  return {
    query,
    get size() {
      return prepared.size;
    },
  };
}

function serializeParam(pglite: PGlite, param: unknown, type: number | undefined): string | null {
  if (param === null || param === undefined) return null;
  const serializer = type === undefined ? undefined : pglite.serializers[type];
  return serializer ? serializer(param) : String(param);
}

function isStaleStatement(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && STALE_STATEMENT.has(code);
}

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0] as Uint8Array;
  let length = 0;
  for (const part of parts) length += part.length;
  const joined = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}
