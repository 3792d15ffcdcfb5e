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
const CONNECT_DEADLINE_MS = 10_000;

/**
 * How long one batch may take to arrive (config `EXPORT_READ_DEADLINE_MS`, 2 minutes by default): the first
 * read runs the whole sort of a large export, later ones a thousand rows. Past it the read fails and its
 * connection is dropped, so an export whose database went silent (a partition, a frozen server: no
 * error ever comes back) fails and frees its slot instead of holding it for ever (decision 0063 left
 * these reads unbounded).
 */
const DEFAULT_READ_DEADLINE_MS = 120_000;

/** A batch that did not arrive within the read deadline. */
export class ExportReadTimeout extends Error {
  constructor(ms: number) {
    super(`The database sent no rows for ${ms} ms`);
    this.name = 'ExportReadTimeout';
  }
}

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
      keepAliveInitialDelayMillis: 10_000,
      // Opening a connection into a silent network gives up (the read deadline covers the rest).
      connectionTimeoutMillis: CONNECT_DEADLINE_MS,
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
  options: { readDeadlineMs?: number } = {},
): AsyncGenerator<ExportRowValues[]> {
  const deadlineMs = options.readDeadlineMs ?? DEFAULT_READ_DEADLINE_MS;
  const client = await poolFor(url).connect();
  let failure: Error | undefined;
  const cursor = client.query(new Cursor<ExportRowValues>(text, [...values]));
  try {
    for (;;) {
      const rows = await withinDeadline(cursor.read(EXPORT_BATCH_ROWS), deadlineMs);
      if (rows.length === 0) return;
      yield rows;
    }
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    if (failure instanceof ExportReadTimeout) {
      // Nothing comes back on this connection: closing the cursor would wait for ever. Drop it.
      (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
    } else {
      await cursor.close().catch((error: unknown) => {
        failure ??= error instanceof Error ? error : new Error(String(error));
      });
    }
    // A connection whose read failed is closed, not handed to the next export.
    client.release(failure);
  }
}

function withinDeadline<T>(read: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ExportReadTimeout(ms)), ms);
  });
  return Promise.race([read, expired]).finally(() => clearTimeout(timer));
}
