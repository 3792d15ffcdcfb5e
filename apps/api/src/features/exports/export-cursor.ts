import pg from 'pg';
import Cursor from 'pg-cursor';
import type { ExportRowValues } from './export-columns';

/** Rows per batch: one cursor read or one keyset page. */
export const EXPORT_BATCH_ROWS = 1000;

/**
 * The worker's connections, per database: kept between exports (a few seconds idle at most), so an
 * export does not start a database session of its own. A new session cost PostgreSQL a process and a
 * cold catalog cache: the positions query planned in 4.3 ms instead of well under one (decision 0060).
 * The pool does not bound the exports: the API's dispatcher does (one export per slot, EXPORT_SLOTS and
 * EXPORT_SMALL_SLOTS), so its bound is only a backstop far above any slot count in use.
 */
const pools = new Map<string, pg.Pool>();
const IDLE_CONNECTION_MS = 10_000;
const MAX_CONNECTIONS = 64;

function poolFor(url: string): pg.Pool {
  let pool = pools.get(url);
  if (!pool) {
    // JIT compilation pays off only for long analytic queries; this one streams, and the API turns it off too.
    pool = new pg.Pool({
      connectionString: url,
      options: '-c jit=off',
      max: MAX_CONNECTIONS,
      idleTimeoutMillis: IDLE_CONNECTION_MS,
      // A database gone without a word (a network loss) fails the read instead of leaving it waiting.
      keepAlive: true,
    });
    // An idle connection the server closed: the pool drops it, and the next export opens another.
    pool.on('error', () => {});
    // A connection dropped while an export reads: its read fails (the export fails), not the worker.
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    pools.set(url, pool);
  }
  return pool;
}

/**
 * PostgreSQL: one statement read through a server-side cursor on a connection of the worker's own (not
 * the API's pool), so memory holds one batch. No statement_timeout: a cursor's reads are one statement
 * until it closes, and a million rows take longer than the API's limit. Runs in the export worker.
 */
export async function* readCursor(
  url: string,
  text: string,
  values: readonly unknown[],
): AsyncGenerator<ExportRowValues[]> {
  const client = await poolFor(url).connect();
  let failure: Error | undefined;
  const cursor = client.query(new Cursor<ExportRowValues>(text, [...values]));
  try {
    for (;;) {
      const rows = await cursor.read(EXPORT_BATCH_ROWS);
      if (rows.length === 0) return;
      yield rows;
    }
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    await cursor.close().catch((error: unknown) => {
      failure ??= error instanceof Error ? error : new Error(String(error));
    });
    // A connection whose read failed is closed, not handed to the next export.
    client.release(failure);
  }
}
