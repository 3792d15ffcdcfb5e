import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { CsvDialect, ExportFormat } from '@caudal/contract';
import { stringify } from 'csv-stringify';
import type { Style } from 'exceljs';
import type { ExportColumnSpec, ExportRowValues } from './export-columns';
import { neutraliseFormula } from './formula-guard';

/** `dd/mm/yyyy` or `yyyy-mm-dd`: how the export's language writes dates (EXPORT_CSV_DIALECTS). */
type ExportDateFormat = CsvDialect['dateFormat'];

/** Turns rows into one file format, writing into `out`; `finish` ends the file (and `out`). */
export interface ExportWriter {
  writeRows(rows: readonly ExportRowValues[]): Promise<void>;
  finish(): Promise<void>;
}

export interface ExportWriterOptions {
  /** CSV's separator, decimal mark and date format (the export's language); XLSX takes its date format. */
  csv: CsvDialect;
}

export async function createExportWriter(
  format: ExportFormat,
  columns: readonly ExportColumnSpec[],
  out: Writable,
  options: ExportWriterOptions,
): Promise<ExportWriter> {
  if (format === 'csv') return createCsvWriter(columns, out, options.csv);
  if (format === 'xlsx') return createXlsxWriter(columns, out, options.csv.dateFormat);
  return createJsonWriter(columns, out);
}

/**
 * Participations come as numeric(30,10) text (`12.5000000000`): shown with at least two decimals and
 * up to ten, as the portal shows them (spec section 9), never through a float.
 */
export function trimQuantity(value: string): string {
  const point = value.indexOf('.');
  if (point < 0) return `${value}.00`;
  let end = value.length;
  while (end > point + 3 && value.charCodeAt(end - 1) === 48) end -= 1;
  return value.slice(0, end).padEnd(point + 3, '0');
}

/** An ISO date (`yyyy-mm-dd`, as the database gives it) in the file's date format. */
export function formatExportDate(value: string, format: ExportDateFormat): string {
  if (format === 'yyyy-mm-dd') return value;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

/** Waits while `out` is full, so rows never pile up in memory ahead of the sink. */
async function drained(stream: NodeJS.WritableStream & { writableNeedDrain?: boolean }) {
  if (stream.writableNeedDrain) await once(stream, 'drain');
}

/**
 * A promise awaited only at the end: a sink failing before then (an aborted export) must not surface
 * as an unhandled rejection; awaiting it still throws.
 */
function settledLater<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}

/**
 * CSV: UTF-8 with a BOM (Excel reads accents right), the language's separator, decimal mark and date
 * format (so Excel in that language splits the columns and reads numbers and dates as such), numbers as
 * exact decimal text, formulas neutralised.
 */
function createCsvWriter(
  columns: readonly ExportColumnSpec[],
  out: Writable,
  dialect: CsvDialect,
): ExportWriter {
  const stringifier = stringify({ bom: true, record_delimiter: '\r\n', delimiter: dialect.delimiter });
  stringifier.pipe(out);
  const done = settledLater(once(out, 'finish'));
  stringifier.write(columns.map((column) => neutraliseFormula(column.header)));
  const isDecimalComma = dialect.decimalMark !== '.';
  const cell = (column: ExportColumnSpec, value: string): string => {
    if (column.kind === 'text') return neutraliseFormula(value);
    if (column.kind === 'date') return formatExportDate(value, dialect.dateFormat);
    const number = column.kind === 'quantity' ? trimQuantity(value) : value;
    return isDecimalComma ? number.replace('.', dialect.decimalMark) : number;
  };
  return {
    async writeRows(rows) {
      for (const row of rows) {
        const cells = columns.map((column) => {
          const value = row[column.key];
          return value === null || value === undefined ? '' : cell(column, value);
        });
        if (!stringifier.write(cells)) await drained(stringifier);
      }
    },
    async finish() {
      stringifier.end();
      await done;
    },
  };
}

/** Sheet XML handed to the zip and not yet compressed, at most: beyond it the writer waits. */
const ZIP_BACKLOG_BYTES = 4 * 1024 * 1024;

/**
 * exceljs 4.4's sheet stream (lib/utils/stream-buf.js) hands its 64 KB buffers to the zip's entry
 * stream without waiting for it, so when compressing (or the sink behind it) is slower than rows come,
 * the XML piles up in the zip's input: 0.8 MB per 1,000 rows, 800 MB for a million. Waiting on the
 * sink alone does not see it. This waits until the zip's input drains.
 */
async function zipCaughtUp(sheet: object) {
  const pipes = (sheet as { stream?: { pipes?: StreamV2[] } }).stream?.pipes ?? [];
  for (;;) {
    const backedUp = pipes.find((pipe) => backlogOf(pipe) > ZIP_BACKLOG_BYTES);
    if (!backedUp) return;
    await once(backedUp, 'drain');
  }
}

/** The zip's entry stream is a readable-stream 2 PassThrough (no `writableLength`): its two buffers. */
type StreamV2 = NodeJS.EventEmitter & {
  _writableState?: { length: number };
  _readableState?: { length: number };
};
function backlogOf(stream: StreamV2): number {
  return (stream._writableState?.length ?? 0) + (stream._readableState?.length ?? 0);
}

/**
 * Excel's number formats: amounts with two decimals, participations with two to ten; dates in the
 * file's date format (the cell stays a date: only how Excel shows it changes).
 */
const NUMBER_FORMATS = { money: '#,##0.00', quantity: '#,##0.00########' } as const;
const HEADER_STYLE = {
  font: { bold: true, color: { argb: 'FFFFFFFF' } },
  fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF191837' } },
  alignment: { vertical: 'middle' },
} as const;

/** One object per kind, shared by every cell of that kind (see createXlsxWriter); one date style per format. */
const DATE_STYLES: Record<ExportDateFormat, { numFmt: string }> = {
  'dd/mm/yyyy': { numFmt: 'dd/mm/yyyy' },
  'yyyy-mm-dd': { numFmt: 'yyyy-mm-dd' },
};
const CELL_STYLES = {
  text: {},
  money: { numFmt: NUMBER_FORMATS.money },
  quantity: { numFmt: NUMBER_FORMATS.quantity },
} as const;

/** `yyyy-mm-dd` as a date cell: midnight UTC, which exceljs turns into the day's serial number. */
function toDateCell(value: string): Date | string {
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? value : date;
}

/**
 * XLSX through exceljs' streaming writer: rows are committed (zipped and written) as they come, with
 * inline strings, so memory does not grow with the file. Dates are date cells, amounts numbers with two
 * decimals, participations with up to ten; the header row is styled, frozen and filtered.
 *
 * Styles: exceljs finds a cell's style id by the style object's identity (a WeakMap) and otherwise
 * serialises the style to XML to look it up, for every cell. Each cell is therefore given one of a few
 * shared style objects (one per column kind, the empty one for text), so the lookup is a map hit and a
 * million rows cost what they cost without styles.
 */
async function createXlsxWriter(
  columns: readonly ExportColumnSpec[],
  out: Writable,
  dateFormat: ExportDateFormat,
): Promise<ExportWriter> {
  // Loaded on the first XLSX export: exceljs takes longer to load than the rest of the worker.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: true,
  });
  const sheet = workbook.addWorksheet('Export', {
    views: [{ state: 'frozen', xSplit: 0, ySplit: 1, topLeftCell: 'A2', activeCell: 'A2' }],
  });
  sheet.columns = columns.map((column) => ({ key: column.key, width: column.width }));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  // Unlike CSV, a cell here is typed: text is a string cell, and only a cell with a formula element is
  // ever calculated. Text goes in as it is (an apostrophe would be shown, and change `-1-1` or `@home`).
  const header = sheet.addRow(columns.map((column) => column.header));
  header.height = 20;
  header.eachCell((cell) => {
    cell.style = HEADER_STYLE as unknown as typeof cell.style;
  });
  header.commit();
  const styles = columns.map((column) =>
    column.kind === 'date' ? DATE_STYLES[dateFormat] : CELL_STYLES[column.kind],
  ) as unknown as Style[];
  return {
    async writeRows(rows) {
      for (const row of rows) {
        const cells = columns.map((column) => {
          const value = row[column.key];
          if (value === null || value === undefined) return null;
          if (column.kind === 'text') return value;
          if (column.kind === 'date') return toDateCell(value);
          // A number cell: XLSX keeps doubles, exact for every value of numeric(20,2) under 10^13.
          return Number(value);
        });
        const added = sheet.addRow(cells);
        added.eachCell((cell, column) => {
          cell.style = styles[column - 1] as Style;
        });
        added.commit();
      }
      await zipCaughtUp(sheet);
      await drained(out);
    },
    async finish() {
      sheet.commit();
      const done = once(out, 'finish');
      await workbook.commit();
      await done;
    },
  };
}

/** JSON: an array of objects keyed by column; amounts are written as the database's exact decimals. */
function createJsonWriter(columns: readonly ExportColumnSpec[], out: Writable): ExportWriter {
  let isFirst = true;
  const done = settledLater(once(out, 'finish'));
  out.write('[');
  return {
    async writeRows(rows) {
      for (const row of rows) {
        const fields = columns.map((column) => {
          const value = row[column.key];
          const json =
            value === null || value === undefined
              ? 'null'
              : column.kind === 'money' || column.kind === 'quantity'
                ? value
                : JSON.stringify(value);
          return `${JSON.stringify(column.key)}:${json}`;
        });
        const text = `${isFirst ? '\n' : ',\n'}{${fields.join(',')}}`;
        isFirst = false;
        if (!out.write(text)) await drained(out);
      }
    },
    async finish() {
      out.end(isFirst ? ']\n' : '\n]\n');
      await done;
    },
  };
}
