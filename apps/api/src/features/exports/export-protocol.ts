// The messages between the API process and its export worker process (export-host.ts ↔ export-worker.ts).
// Types only: the worker imports nothing from the API's runtime graph (no contract, no Kysely).
import type { CsvDialect, ExportFormat } from '@caudal/contract';
import type { ExportColumnSpec, ExportRowValues } from './export-columns';
import type { ValueTranslations } from './value-translator';

/** Where the worker's rows come from. */
export type RowFeed =
  /** PostgreSQL: the worker opens its own connection and reads this statement through a server-side cursor. */
  | {
      kind: 'cursor';
      url: string;
      sql: string;
      parameters: readonly unknown[];
      /** How long one batch may take to arrive (export-cursor.ts; its default if unset). */
      readDeadlineMs?: number;
    }
  /** PGlite (one connection, in the API process) or a test's rows: the API sends batches. */
  | { kind: 'batches' };

/** Everything the worker needs to write one file. */
export interface ExportWriterSpec {
  format: ExportFormat;
  /** CSV's separator and decimal mark, from the export's language. */
  csv: CsvDialect;
  columns: ExportColumnSpec[];
  translations: ValueTranslations;
  chunkBytes: number;
  feed: RowFeed;
}

export type ToWorker =
  | { type: 'start'; id: string; spec: ExportWriterSpec }
  | { type: 'rows'; id: string; rows: ExportRowValues[] }
  | { type: 'end'; id: string }
  /** The chunk the worker sent last is stored: it may send the next. */
  | { type: 'chunk-saved'; id: string }
  | { type: 'abort'; id: string };

export type FromWorker =
  | { type: 'ready'; pid: number }
  /** One stored chunk's bytes; `rows` is how many rows the file holds so far. */
  | { type: 'chunk'; id: string; seq: number; data: Uint8Array; rows: number }
  /** A batch sent by the API is written (`rows` in all); also sent as progress while a cursor is read. */
  | { type: 'rows-written'; id: string; rows: number }
  | { type: 'done'; id: string; rows: number; bytes: number }
  | { type: 'failed'; id: string; message: string };
