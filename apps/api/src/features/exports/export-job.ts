import { exports as exportCalls } from '@caudal/contract';
import type { CompiledQuery } from 'kysely';
import type { Db } from '../../db/database';
import type { Clock } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import { EXPORT_CHUNK_BYTES } from './chunk-sink';
import { type AuditExportQuery, auditRowsQuery, readAuditPages } from './export-audit-rows';
import { findAuditExportColumns, findExportColumns, findValueTranslations } from './export-columns';
import { type ExportHost, type ExportSession, exportHost } from './export-host';
import type { ExportWriterSpec, RowFeed } from './export-protocol';
import {
  compileExportQuery,
  type ExportQuery,
  type RowSource,
  readEmbeddedRows,
  yieldToEventLoop,
} from './export-rows';
import {
  type ClaimedExport,
  claimExport,
  completeExport,
  failExport,
  insertExportChunk,
  updateExportProgress,
} from './exports.repository';

export interface ExportJobDeps {
  db: Db;
  /** Set on PostgreSQL: the worker reads through a cursor on a connection of its own. */
  postgresUrl: string | null;
  clock: Clock;
  log: Logger;
  expiryHours: number;
  /** How long one batch of a cursor may take (export-cursor.ts; its default if unset). */
  readDeadlineMs?: number;
  chunkBytes?: number;
  /** Where rows come from; tests swap in a source that fails half-way. Sent to the worker in batches. */
  openRows?: (query: ExportQuery) => RowSource;
  /** The worker process that writes the file (the process's shared one by default). */
  host?: ExportHost;
}

/** How often the row count the wizard polls is written: often enough to look live, rarely enough to be free. */
const PROGRESS_EVERY_MS = 500;

export type ExportRunResult = 'ready' | 'failed' | 'skipped';

/**
 * Generates one export: claims it (a job another run took is skipped), has the export worker process
 * turn its rows into the file (decision 0019: never on this event loop), stores the worker's chunks as
 * they come, and marks it ready only once the file is whole. Any failure stops the worker's session and
 * deletes the chunks stored so far, so no partial file is ever served.
 */
export async function runExport(deps: ExportJobDeps, exportId: string): Promise<ExportRunResult> {
  const claimed = await claimExport(deps.db, exportId, deps.clock());
  if (!claimed) return 'skipped';
  return runClaimedExport(deps, claimed);
}

/** Generates an export this run has claimed (by id, or the fair queue's next: export-dispatcher.ts). */
export async function runClaimedExport(
  deps: ExportJobDeps,
  claimed: ClaimedExport,
): Promise<ExportRunResult> {
  const exportId = claimed.id;
  const startedAt = Date.now();
  const progress = createProgressWriter(deps.db, exportId);
  let session: ExportSession | null = null;
  try {
    const source = openRowSource(deps, claimed);
    const rows = source.rows;
    const feed: RowFeed = rows
      ? { kind: 'batches' }
      : {
          kind: 'cursor',
          url: deps.postgresUrl ?? '',
          readDeadlineMs: deps.readDeadlineMs,
          ...toFeed(source.compile()),
        };
    session = await (deps.host ?? exportHost).open(exportId, writerSpec(claimed, feed, deps), {
      saveChunk: (seq, data) => insertExportChunk(deps.db, exportId, seq, data),
      progress: progress.report,
    });
    if (rows) await sendBatches(session, rows);
    const file = await session.written;
    await progress.settled();
    const now = deps.clock();
    const expiresAt = new Date(now.getTime() + deps.expiryHours * 3_600_000);
    const isComplete = await completeExport(deps.db, exportId, {
      rows: file.rows,
      bytes: file.bytes,
      now,
      expiresAt,
    });
    if (!isComplete) throw new Error('the export was declared abandoned while it ran');
    deps.log.info(
      {
        exportId,
        rows: file.rows,
        bytes: file.bytes,
        format: claimed.format,
        writerPid: file.writerPid,
        ms: Date.now() - startedAt,
      },
      'export ready',
    );
    return 'ready';
  } catch (error) {
    deps.log.error({ err: error, exportId }, 'export failed');
    await session?.abort();
    await progress.settled();
    await failExport(deps.db, exportId, deps.clock(), 'UnexpectedError');
    return 'failed';
  }
}

/**
 * Where a run's rows come from: PGlite (or a test's source) hands batches over; PostgreSQL compiles one
 * statement the worker reads through its own cursor. The audit log's export reads its events.
 */
function openRowSource(deps: ExportJobDeps, claimed: ClaimedExport) {
  if (claimed.type === 'audit') {
    const query: AuditExportQuery = {
      companyId: claimed.companyId,
      filter: claimed.auditFilter ?? {},
      language: claimed.language,
    };
    return {
      rows: deps.postgresUrl ? null : readAuditPages(deps.db, query),
      compile: () => auditRowsQuery(deps.db, query).compile(),
    };
  }
  const query = toExportQuery(claimed, claimed.type);
  return {
    rows: deps.openRows?.(query) ?? (deps.postgresUrl ? null : readEmbeddedRows(deps.db, query)),
    compile: () => compileExportQuery(deps.db, query),
  };
}

function toExportQuery(claimed: ClaimedExport, type: ExportQuery['type']): ExportQuery {
  return {
    companyId: claimed.companyId,
    type,
    clientIds: claimed.clientIds,
    entityIds: claimed.entityIds,
    dateFrom: claimed.dateFrom,
    dateTo: claimed.dateTo,
  };
}

function toFeed(compiled: CompiledQuery) {
  return { sql: compiled.sql, parameters: [...compiled.parameters] };
}

function writerSpec(claimed: ClaimedExport, feed: RowFeed, deps: ExportJobDeps): ExportWriterSpec {
  return {
    format: claimed.format,
    csv: exportCalls.EXPORT_CSV_DIALECTS[claimed.language],
    columns:
      claimed.type === 'audit'
        ? findAuditExportColumns(claimed.language)
        : findExportColumns(claimed.type, claimed.columns, claimed.language),
    translations: findValueTranslations(claimed.language),
    chunkBytes: deps.chunkBytes ?? EXPORT_CHUNK_BYTES,
    feed,
  };
}

/** Rows read in this process (PGlite's keyset pages): handed over batch by batch, the loop free between. */
async function sendBatches(session: ExportSession, rows: RowSource) {
  for await (const batch of rows) {
    await session.sendRows(batch);
    await yieldToEventLoop();
  }
  session.end();
}

/**
 * The row count the wizard polls, written at most every PROGRESS_EVERY_MS and one write at a time;
 * `settled` waits for the last, so it never lands after the final count.
 */
function createProgressWriter(db: Db, exportId: string) {
  let writing: Promise<void> = Promise.resolve();
  let isWriting = false;
  let reportedAt = Date.now();
  return {
    report(rows: number) {
      if (isWriting || Date.now() - reportedAt < PROGRESS_EVERY_MS) return;
      reportedAt = Date.now();
      isWriting = true;
      writing = updateExportProgress(db, exportId, rows)
        .catch(() => {})
        .finally(() => {
          isWriting = false;
        });
    },
    settled: () => writing,
  };
}
