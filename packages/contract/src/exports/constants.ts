export const EXPORT_TYPES = ['custom', 'positions', 'transactions'] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];
export const EXPORT_FORMATS = ['csv', 'xlsx', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_STATUSES = ['queued', 'running', 'ready', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];
export const EXPORT_LANGUAGES = ['es', 'en'] as const;

/** Columns of a transactions export, in their default order; a custom export picks from these. */
export const TRANSACTION_COLUMNS = [
  'client_name',
  'client_alias',
  'entity',
  'product',
  'product_kind',
  'iban',
  'operation_date',
  'value_date',
  'description',
  'amount',
  'balance',
  'currency',
] as const;
export type TransactionColumn = (typeof TRANSACTION_COLUMNS)[number];

/**
 * Columns of a positions export: one row per account, liability and investment. The spec fixes no
 * column order; the product columns come in the transactions export's order (product, then its kind).
 */
export const POSITION_COLUMNS = [
  'client_name',
  'client_alias',
  'entity',
  'product',
  'product_kind',
  'iban',
  'investment',
  'isin',
  'investment_type',
  'participations',
  'balance',
  'currency',
] as const;
export type PositionColumn = (typeof POSITION_COLUMNS)[number];
export type ExportColumn = TransactionColumn | PositionColumn;

/** One export names at most this many clients (the wizard pages through any number to pick them). */
export const EXPORT_CLIENTS_MAX = 10_000;
export const EXPORT_ENTITIES_MAX = 500;
export const EXPORT_LIST_LIMIT = 50;

/** Keys of the validation catalogue; the form and the server give the same ones. */
export const EXPORT_VALIDATION = {
  clientsRequired: 'validation.exportClients',
  entitiesRequired: 'validation.exportEntities',
  columnsRequired: 'validation.exportColumns',
  /** A search that matches more clients than one export takes ({n}). */
  tooManyClients: 'validation.exportTooManyClients',
} as const;

/** The GET that streams a file; the token in the path is the whole authorisation. */
export const EXPORT_FILE_PATH = '/platform/wealth/export-file';
export const EXPORT_DOWNLOAD_TTL_SECONDS = 60;

/** How a file writes its dates: `dd/mm/yyyy` (Spanish convention) or ISO `yyyy-mm-dd`. */
export type ExportDateFormat = 'dd/mm/yyyy' | 'yyyy-mm-dd';

/**
 * CSV as a spreadsheet in the export's language opens it, in columns with numbers as numbers: Excel in
 * Spanish splits on `;` and reads `,` as the decimal mark, in English `,` and `.`. UTF-8 with BOM both.
 * Dates (the spec fixes no format for the files): Spanish files write them `dd/mm/yyyy`, as the
 * portal shows them and Excel in Spanish reads them; English files keep ISO `yyyy-mm-dd`, which every
 * English locale reads the same way (a `dd/mm` or `mm/dd` date would be read differently in the UK and
 * the US). XLSX date cells stay real dates and take the same display format. JSON is always ISO.
 */
export const EXPORT_CSV_DIALECTS = {
  es: { delimiter: ';', decimalMark: ',', dateFormat: 'dd/mm/yyyy' },
  en: { delimiter: ',', decimalMark: '.', dateFormat: 'yyyy-mm-dd' },
} as const satisfies Record<(typeof EXPORT_LANGUAGES)[number], CsvDialect>;
export type CsvDialect = { delimiter: string; decimalMark: string; dateFormat: ExportDateFormat };
