import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { hashToken } from '../../shared/secure-tokens';

export async function insertDownloadToken(db: Db, exportId: string, token: string, expiresAt: Date) {
  await db
    .insertInto('export_download_tokens')
    .values({ token_hash: hashToken(token), export_id: exportId, expires_at: expiresAt })
    .execute();
}

export interface DownloadableFile {
  exportId: string;
  fileName: string;
  format: 'csv' | 'xlsx' | 'json';
  sizeBytes: number;
}

/**
 * Spends a download token: one statement marks it used, so two requests racing with the same URL get
 * one file between them. The export must still be ready and unexpired.
 */
export function spendDownloadToken(db: Db, token: string, now: Date): Promise<DownloadableFile | null> {
  // The spend and the read of the file it opens are one transaction: a read that fails (a lock
  // timeout, a dropped connection) rolls the spend back, so the same URL still works on a retry.
  return db.transaction().execute((trx) => spendAndFind(trx, token, now));
}

async function spendAndFind(db: Db, token: string, now: Date): Promise<DownloadableFile | null> {
  const spent = await db
    .updateTable('export_download_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('export_id')
    .executeTakeFirst();
  if (!spent) return null;
  const row = await db
    .selectFrom('exports')
    .select(['id', 'file_name', 'format', sql<string>`size_bytes::text`.as('size_bytes')])
    .where('id', '=', spent.export_id)
    .where('status', '=', 'ready')
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row
    ? { exportId: row.id, fileName: row.file_name, format: row.format, sizeBytes: Number(row.size_bytes) }
    : null;
}

/**
 * The file's chunks one at a time, in order: memory holds one chunk whatever the file's size. Read as
 * hex text and decoded by Node (natively): PGlite's bytea parser decodes byte by byte in JavaScript.
 */
export async function* readExportChunks(db: Db, exportId: string): AsyncGenerator<Buffer> {
  for (let seq = 0; ; seq += 1) {
    const row = await db
      .selectFrom('export_chunks')
      .select(sql<string>`encode(data, 'hex')`.as('hex'))
      .where('export_id', '=', exportId)
      .where('seq', '=', seq)
      .executeTakeFirst();
    if (!row) return;
    yield Buffer.from(row.hex, 'hex');
  }
}

/** Renews the lease of the exports this instance is running (the dispatcher, every heartbeat). */
export async function renewExportLeases(db: Db, exportIds: readonly string[], now: Date): Promise<void> {
  if (exportIds.length === 0) return;
  await db
    .updateTable('exports')
    .set({ heartbeat_at: now })
    .where('id', 'in', [...exportIds])
    .where('status', '=', 'running')
    .execute();
}

/**
 * Deletes expired exports (their chunks and tokens cascade), and fails runs that an instance abandoned
 * (it died mid-export: its lease, `heartbeat_at`, is older than `leaseMs`; decision 0059) and exports
 * left queued past `abandonedAfterMs`, deleting their partial chunks.
 */
export async function sweepExports(
  db: Db,
  now: Date,
  options: { abandonedAfterMs: number; leaseMs: number },
): Promise<{ expired: number; abandoned: number }> {
  const expired = await db.deleteFrom('exports').where('expires_at', '<=', now).executeTakeFirst();
  const abandonedBefore = new Date(now.getTime() - options.abandonedAfterMs);
  const leaseBefore = new Date(now.getTime() - options.leaseMs);
  const abandoned = await db.transaction().execute(async (t) => {
    const rows = await t
      .updateTable('exports')
      .set({ status: 'failed', error: 'UnexpectedError', finished_at: now, size_bytes: 0 })
      .where((eb) =>
        eb.or([
          eb.and([
            eb('status', '=', 'running'),
            eb(eb.fn.coalesce('heartbeat_at', 'started_at'), '<', leaseBefore),
          ]),
          eb.and([eb('status', '=', 'queued'), eb('created_at', '<', abandonedBefore)]),
        ]),
      )
      .returning('id')
      .execute();
    if (rows.length > 0) {
      await t
        .deleteFrom('export_chunks')
        .where(
          'export_id',
          'in',
          rows.map((row) => row.id),
        )
        .execute();
    }
    return rows.length;
  });
  await db.deleteFrom('export_download_tokens').where('expires_at', '<=', now).execute();
  return { expired: Number(expired.numDeletedRows), abandoned };
}
