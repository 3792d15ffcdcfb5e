import { type Export, type ExportFormat, type ExportType, exports as exportCalls } from '@caudal/contract';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/in-transaction';
import type { Database, StoredExportType } from '../../db/schema';
import type { AuditFilter } from '../../shared/audit/audit-filter';
import type { Actor } from '../../shared/auth/actor';
import { emitEvent } from '../../shared/events/emit-event';

export interface NewExport {
  companyId: string;
  createdBy: string;
  type: StoredExportType;
  format: ExportFormat;
  language: 'es' | 'en';
  clientIds: string[];
  entityIds: string[];
  columns: string[] | null;
  dateFrom: string | null;
  dateTo: string | null;
  fileName: string;
  /** The row count, counted no further than just above the small-export bound. */
  estimatedRows?: number;
  /** An audit export's filters. */
  auditFilter?: AuditFilter | null;
}

type Eb = ExpressionBuilder<Database, 'exports'>;

/**
 * THE export scope: the actor's company; for a portal user only their own exports, and only while every
 * client the export holds is still assigned to them. Anything else is simply not found (404). Audit
 * exports are never among them: only the audit calls (admins) reach those (`whereAuditExportOwn`).
 */
export function whereExportVisible(actor: Actor, now: Date) {
  return (eb: Eb): Expression<SqlBool> => {
    const live = eb.or([eb('exports.expires_at', 'is', null), eb('exports.expires_at', '>', now)]);
    const inCompany = eb.and([
      eb('exports.company_id', '=', actor.companyId),
      eb('exports.type', '<>', 'audit'),
      live,
    ]);
    if (actor.clientIds === null) return inCompany;
    return eb.and([
      inCompany,
      eb('exports.created_by', '=', actor.userId),
      sql<SqlBool>`exports.client_ids <@ ${sql.val(actor.clientIds)}::uuid[]`,
    ]);
  };
}

const EXPORT_COLUMNS = [
  'exports.id',
  'exports.type',
  'exports.format',
  'exports.status',
  'exports.file_name',
  sql<number>`cardinality(exports.client_ids)`.as('clients_count'),
  sql<string>`exports.rows_written::text`.as('rows_written'),
  sql<string>`exports.size_bytes::text`.as('size_bytes'),
  sql<string | null>`to_char(exports.date_from, 'YYYY-MM-DD')`.as('date_from'),
  sql<string | null>`to_char(exports.date_to, 'YYYY-MM-DD')`.as('date_to'),
  'exports.created_at',
  'exports.finished_at',
  'exports.expires_at',
  'exports.error',
] as const;

interface ExportSummaryRow {
  id: string;
  type: ExportType;
  format: ExportFormat;
  status: Export['status'];
  file_name: string;
  clients_count: number;
  rows_written: string;
  size_bytes: string;
  date_from: string | null;
  date_to: string | null;
  created_at: Date;
  finished_at: Date | null;
  expires_at: Date | null;
  error: string | null;
}

export function toExport(row: ExportSummaryRow): Export {
  return {
    id: row.id,
    type: row.type,
    format: row.format,
    status: row.status,
    file_name: row.file_name,
    clients_count: Number(row.clients_count),
    rows_written: Number(row.rows_written),
    size_bytes: Number(row.size_bytes),
    date_from: row.date_from,
    date_to: row.date_to,
    created_at: row.created_at.toISOString(),
    finished_at: row.finished_at?.toISOString() ?? null,
    expires_at: row.expires_at?.toISOString() ?? null,
    error: row.error,
  };
}

/** Inserts a queued export and answers it as the list shows it (no read back). */
export async function insertExport(db: Db, values: NewExport): Promise<Export> {
  const row = await db
    .insertInto('exports')
    .values({
      company_id: values.companyId,
      created_by: values.createdBy,
      type: values.type,
      format: values.format,
      language: values.language,
      client_ids: values.clientIds,
      entity_ids: values.entityIds,
      columns: values.columns,
      date_from: values.dateFrom,
      date_to: values.dateTo,
      file_name: values.fileName,
      estimated_rows: values.estimatedRows ?? 0,
      audit_filter: values.auditFilter ? JSON.stringify(values.auditFilter) : null,
    })
    .returning(EXPORT_COLUMNS)
    .executeTakeFirstOrThrow();
  return toExport(row as ExportSummaryRow);
}

export async function findVisibleExport(
  db: Db,
  actor: Actor,
  exportId: string,
  now: Date,
): Promise<Export | null> {
  const row = await db
    .selectFrom('exports')
    .select(EXPORT_COLUMNS)
    .where('exports.id', '=', exportId)
    .where(whereExportVisible(actor, now))
    .executeTakeFirst();
  return row ? toExport(row as ExportSummaryRow) : null;
}

export async function findVisibleExports(db: Db, actor: Actor, now: Date): Promise<Export[]> {
  const rows = await db
    .selectFrom('exports')
    .select(EXPORT_COLUMNS)
    .where(whereExportVisible(actor, now))
    .orderBy('exports.created_at', 'desc')
    .orderBy('exports.id', 'desc')
    .limit(exportCalls.EXPORT_LIST_LIMIT)
    .execute();
  return rows.map((row) => toExport(row as ExportSummaryRow));
}

export interface ClaimedExport {
  id: string;
  companyId: string;
  type: StoredExportType;
  format: ExportFormat;
  language: 'es' | 'en';
  clientIds: string[];
  entityIds: string[];
  columns: string[] | null;
  dateFrom: string | null;
  dateTo: string | null;
  auditFilter: AuditFilter | null;
}

/** What a run needs of its export, as the claim's `returning` reads it. */
export const CLAIMED_COLUMNS = sql<ClaimedExportRow>`exports.id, exports.company_id, exports.type,
  exports.format, exports.language, exports.client_ids::text[] as client_ids, exports.entity_ids,
  exports.columns, to_char(exports.date_from, 'YYYY-MM-DD') as date_from,
  to_char(exports.date_to, 'YYYY-MM-DD') as date_to, exports.audit_filter`;

export interface ClaimedExportRow {
  id: string;
  company_id: string;
  type: StoredExportType;
  format: ExportFormat;
  language: 'es' | 'en';
  client_ids: string[];
  entity_ids: string[];
  columns: string[] | null;
  date_from: string | null;
  date_to: string | null;
  audit_filter: AuditFilter | null;
}

export function toClaimedExport(row: ClaimedExportRow): ClaimedExport {
  return {
    id: row.id,
    companyId: row.company_id,
    type: row.type,
    format: row.format,
    language: row.language,
    clientIds: row.client_ids,
    entityIds: row.entity_ids,
    columns: row.columns,
    dateFrom: row.date_from,
    dateTo: row.date_to,
    auditFilter: row.audit_filter,
  };
}

/** Takes this queued export for a run; null when another run took it (or it is gone). */
export async function claimExport(db: Db, exportId: string, now: Date): Promise<ClaimedExport | null> {
  const result = await sql<ClaimedExportRow>`
    update exports set status = 'running', started_at = ${now}, heartbeat_at = ${now}
    where id = ${exportId} and status = 'queued'
    returning ${CLAIMED_COLUMNS}
  `.execute(db);
  const row = result.rows[0];
  return row ? toClaimedExport(row) : null;
}

export async function updateExportProgress(db: Db, exportId: string, rowsWritten: number) {
  await db.updateTable('exports').set({ rows_written: rowsWritten }).where('id', '=', exportId).execute();
}

/**
 * The bytes cross as hex text that the database decodes: PGlite's own bytea serialiser builds a string
 * per byte (a 1 MiB chunk: a million strings and ~0.5 s of the API's event loop, most of a demo-sized
 * export's time); Node's hex encoder is native. node-postgres sends a Buffer as hex text too.
 */
export async function insertExportChunk(db: Db, exportId: string, seq: number, data: Buffer) {
  await db
    .insertInto('export_chunks')
    .values({ export_id: exportId, seq, data: sql<Buffer>`decode(${data.toString('hex')}, 'hex')` })
    .execute();
}

/** The file is whole: only now does it become downloadable. */
/**
 * Marks a run ready, only if it is still running: a run the sweep declared abandoned (and whose early
 * chunks it deleted) must not come back as a whole file. False when the run was no longer running.
 */
export async function completeExport(
  db: Db,
  exportId: string,
  result: { rows: number; bytes: number; now: Date; expiresAt: Date },
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const updated = await trx
      .updateTable('exports')
      .set({
        status: 'ready',
        rows_written: result.rows,
        size_bytes: result.bytes,
        finished_at: result.now,
        expires_at: result.expiresAt,
      })
      .where('id', '=', exportId)
      .where('status', '=', 'running')
      .returning(['id', 'company_id', 'type', 'format'])
      .executeTakeFirst();
    if (!updated) return false;
    // The audit log's own export is the admins' (on /audit), not one of the documents integrators fetch.
    if (updated.type === 'audit') return true;
    // The file is downloadable from this commit on; so is its event.
    await emitEvent(
      trx,
      {
        companyId: updated.company_id,
        type: 'export.ready',
        data: {
          export_id: updated.id,
          type: updated.type,
          format: updated.format,
          expires_at: result.expiresAt.toISOString(),
        },
      },
      result.now,
    );
    return true;
  });
}

/** Exports still queued after `before`: their job was never sent, or was lost; the sweep sends them again. */
export async function findStaleQueuedExports(db: Db, before: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('exports')
    .select('id')
    .where('status', '=', 'queued')
    .where('created_at', '<', before)
    .orderBy('created_at')
    .limit(1000)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * A failed export keeps no partial file: its chunks go, in the same transaction as the status. A run
 * that is no longer running (the sweep failed it already) keeps the status it has.
 */
export async function failExport(db: Db, exportId: string, now: Date, code: string) {
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('export_chunks').where('export_id', '=', exportId).execute();
    await tx
      .updateTable('exports')
      .set({ status: 'failed', error: code, finished_at: now, size_bytes: 0 })
      .where('id', '=', exportId)
      .where('status', 'in', ['queued', 'running'])
      .execute();
  });
}
