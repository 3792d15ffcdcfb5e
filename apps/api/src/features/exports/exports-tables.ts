import type { ExportFormat, ExportStatus, ExportType } from '@caudal/contract';
import type { ColumnType, Generated, Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuditFilter } from '../../shared/audit/audit-filter';

/** The spec's export types, and the audit log's own export (`/audit`'s "Export CSV", migration 0028). */
export type StoredExportType = ExportType | 'audit';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** bigint columns come back from node-postgres as strings. */
type BigCount = ColumnType<string | number, number | undefined, number>;

/** Migration 0007's tables. Kept beside the feature and joined with `withTables`. */
export interface ExportsTable {
  id: Generated<string>;
  company_id: string;
  created_by: string | null;
  type: StoredExportType;
  format: ExportFormat;
  language: 'es' | 'en';
  client_ids: string[];
  entity_ids: string[];
  columns: string[] | null;
  date_from: string | null;
  date_to: string | null;
  file_name: string;
  /** An audit export's filters (the screen's); null for every other type. */
  audit_filter: ColumnType<AuditFilter | null, string | null | undefined, never>;
  /** Rows counted when asked for, capped just above the small-export bound (migration 0015). */
  estimated_rows: ColumnType<number, number | undefined, number>;
  status: ColumnType<ExportStatus, ExportStatus | undefined, ExportStatus>;
  rows_written: BigCount;
  size_bytes: BigCount;
  error: string | null;
  created_at: DefaultTimestamp;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  expires_at: Timestamp | null;
}

export interface ExportChunksTable {
  export_id: string;
  seq: number;
  data: Buffer;
}

export interface ExportDownloadTokensTable {
  token_hash: string;
  export_id: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export type ExportTables = {
  exports: ExportsTable;
  export_chunks: ExportChunksTable;
  export_download_tokens: ExportDownloadTokensTable;
};

export type ExportsDb = Kysely<Database & ExportTables>;
export type ExportRow = Selectable<ExportsTable>;

export function withExportTables(db: Kysely<Database>): ExportsDb {
  return db.withTables<ExportTables>();
}
