import pg from 'pg';
import Cursor from 'pg-cursor';
import type { ExportRowValues } from './export-columns';

/** Rows per batch: one cursor read or one keyset page. */
export const EXPORT_BATCH_ROWS = 1000;

/**
 * PostgreSQL: one statement read through a server-side cursor on a connection of its own (not the
 * API's pool), so memory holds one batch. No statement_timeout: a cursor's reads are one statement
 * until it closes, and a million rows take longer than the API's limit. Runs in the export worker.
 */
export async function* readCursor(
  url: string,
  text: string,
  values: readonly unknown[],
): AsyncGenerator<ExportRowValues[]> {
  // JIT compilation pays off only for long analytic queries; this one streams, and the API turns it off too.
  const client = new pg.Client({ connectionString: url, options: '-c jit=off' });
  client.on('error', () => {});
  await client.connect();
  const cursor = client.query(new Cursor<ExportRowValues>(text, [...values]));
  try {
    for (;;) {
      const rows = await cursor.read(EXPORT_BATCH_ROWS);
      if (rows.length === 0) return;
      yield rows;
    }
  } finally {
    await cursor.close().catch(() => {});
    await client.end().catch(() => {});
  }
}
