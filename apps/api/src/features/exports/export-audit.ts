import { type AuditExport, CATALOGUES, exports as exportCalls, type LocaleCode } from '@caudal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { AuditFilter } from '../../shared/audit/audit-filter';
import type { Actor } from '../../shared/auth/actor';
import { randomToken } from '../../shared/secure-tokens';
import { countAuditRowsUpTo } from './export-audit-rows';
import { insertDownloadToken } from './export-files.repository';
import { insertQueuedExport } from './export-queue.repository';
import type { ExportQueueLimits } from './export-request';

/**
 * Queues the audit log's CSV for the screen's filters: one more export, claimed in turn across
 * companies and counted against the same caps (`TooManyExports`). The caller must be allowed to read
 * the log (the audit call's guard: admins); the rows are the caller's company's only.
 */
export async function queueAuditExport(
  db: Db,
  actor: Actor,
  request: { filter: AuditFilter; language: LocaleCode },
  now: Date,
  limits: ExportQueueLimits,
): Promise<string> {
  const query = { companyId: actor.companyId, filter: request.filter, language: request.language };
  const estimatedRows = await countAuditRowsUpTo(db, query, limits.smallExportMaxRows + 1);
  const fileName = CATALOGUES[request.language].audit.export.fileName.replace(
    '{date}',
    now.toISOString().slice(0, 10),
  );
  const created = await insertQueuedExport(
    db,
    {
      companyId: actor.companyId,
      createdBy: actor.userId,
      type: 'audit',
      format: 'csv',
      language: request.language,
      clientIds: [],
      entityIds: [],
      columns: null,
      dateFrom: null,
      dateTo: null,
      fileName,
      estimatedRows,
      auditFilter: request.filter,
    },
    limits,
  );
  return created.id;
}

/** An audit export the actor asked for (an admin's own; unexpired), or null: nobody else's is found. */
export async function findAuditExport(
  db: Db,
  actor: Actor,
  exportId: string,
  now: Date,
): Promise<AuditExport | null> {
  const row = await db
    .selectFrom('exports')
    .select([
      'id',
      'status',
      'file_name',
      sql<string>`rows_written::text`.as('rows_written'),
      sql<string>`size_bytes::text`.as('size_bytes'),
      'created_at',
      'finished_at',
      'expires_at',
      'error',
    ])
    .where('id', '=', exportId)
    .where('type', '=', 'audit')
    .where('company_id', '=', actor.companyId)
    .where('created_by', '=', actor.userId)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    status: row.status,
    file_name: row.file_name,
    rows_written: Number(row.rows_written),
    size_bytes: Number(row.size_bytes),
    created_at: row.created_at.toISOString(),
    finished_at: row.finished_at?.toISOString() ?? null,
    expires_at: row.expires_at?.toISOString() ?? null,
    error: row.error,
  };
}

/** 128 bits: the URL is the whole authorisation for its 60 seconds (as every export's). */
const DOWNLOAD_TOKEN_BYTES = 16;

/** A single-use URL to a ready export's file, served by the export file route. */
export async function createDownloadLink(db: Db, exportId: string, now: Date) {
  const token = randomToken(DOWNLOAD_TOKEN_BYTES);
  const expiresAt = new Date(now.getTime() + exportCalls.EXPORT_DOWNLOAD_TTL_SECONDS * 1000);
  await insertDownloadToken(db, exportId, token, expiresAt);
  return { path: `${exportCalls.EXPORT_FILE_PATH}/${token}`, expires_at: expiresAt.toISOString() };
}
