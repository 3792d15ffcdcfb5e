import { z } from 'zod';
import { defineCall } from '../shared/define-call';
import { isDateOrderValid, VALIDATION, ZIsoDate } from '../shared/validation';

const wealth = { kind: 'session', module: 'wealth' } as const;
const ZId = z.string({ error: VALIDATION.required }).min(1, { error: VALIDATION.required }).max(64);

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

/** Columns of a positions export: one row per account, liability and investment. */
export const POSITION_COLUMNS = [
  'client_name',
  'client_alias',
  'entity',
  'product_kind',
  'product',
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
} as const;

/** What to export. Dates bound the movements by operation date; positions are today's. */
export const ZExportRequest = z
  .object({
    type: z.enum(EXPORT_TYPES, { error: VALIDATION.required }),
    format: z.enum(EXPORT_FORMATS, { error: VALIDATION.required }),
    client_ids: z
      .array(ZId, { error: EXPORT_VALIDATION.clientsRequired })
      .min(1, { error: EXPORT_VALIDATION.clientsRequired })
      .max(EXPORT_CLIENTS_MAX, { error: VALIDATION.invalid }),
    entity_ids: z
      .array(z.string().min(1).max(64), { error: EXPORT_VALIDATION.entitiesRequired })
      .min(1, { error: EXPORT_VALIDATION.entitiesRequired })
      .max(EXPORT_ENTITIES_MAX, { error: VALIDATION.invalid }),
    columns: z.array(z.enum(TRANSACTION_COLUMNS)).max(TRANSACTION_COLUMNS.length).optional(),
    date_from: ZIsoDate.nullish(),
    date_to: ZIsoDate.nullish(),
    /** The language of the column headers and the file name. */
    language: z.enum(EXPORT_LANGUAGES).default('es'),
  })
  .superRefine((value, ctx) => {
    if (value.type !== 'positions') {
      if (!value.date_from)
        ctx.addIssue({ code: 'custom', path: ['date_from'], message: VALIDATION.required });
      if (!value.date_to) ctx.addIssue({ code: 'custom', path: ['date_to'], message: VALIDATION.required });
    }
    if (!isDateOrderValid(value.date_from, value.date_to)) {
      ctx.addIssue({ code: 'custom', path: ['date_from'], message: VALIDATION.dateOrder });
    }
    if (value.type === 'custom' && (value.columns ?? []).length === 0) {
      ctx.addIssue({ code: 'custom', path: ['columns'], message: EXPORT_VALIDATION.columnsRequired });
    }
    if (new Set(value.columns ?? []).size !== (value.columns ?? []).length) {
      ctx.addIssue({ code: 'custom', path: ['columns'], message: VALIDATION.invalid });
    }
  });
export type ExportRequest = z.input<typeof ZExportRequest>;

export const ZExport = z.object({
  id: z.string(),
  type: z.enum(EXPORT_TYPES),
  format: z.enum(EXPORT_FORMATS),
  status: z.enum(EXPORT_STATUSES),
  file_name: z.string(),
  clients_count: z.number().int(),
  rows_written: z.number().int(),
  size_bytes: z.number().int(),
  date_from: z.string().nullable(),
  date_to: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** When the file is deleted; null until it is ready. */
  expires_at: z.string().nullable(),
  /** Set when the export failed: the code of what went wrong (`UnexpectedError`). */
  error: z.string().nullable(),
});
export type Export = z.infer<typeof ZExport>;

/** A document export2 offers: a type in a format. */
export const ZAvailableExport = z.object({
  id: z.string(),
  type: z.enum(EXPORT_TYPES),
  format: z.enum(EXPORT_FORMATS),
});
export type AvailableExport = z.infer<typeof ZAvailableExport>;

/** The spec's call: the documents the quick export (export2) can generate. */
export const getAvailableExports = defineCall({
  path: '/platform/wealth/get-available-exports',
  access: wealth,
  request: z.object({}).optional(),
  response: z.array(ZAvailableExport),
  errors: [],
});

/** Queues an export; its rows are written in the background. Poll `export-status` for progress. */
export const exportGenerate = defineCall({
  path: '/platform/wealth/export-generate',
  access: wealth,
  request: ZExportRequest,
  response: ZExport,
  errors: ['NotFound', 'UnknownClient'],
});

export const ZExportRef = z.object({ export_id: ZId });

export const exportStatus = defineCall({
  path: '/platform/wealth/export-status',
  access: wealth,
  request: ZExportRef,
  response: ZExport,
  errors: ['NotFound'],
});

/** The most recent exports (unexpired): the company's for staff, a portal user's own for them. */
export const exportList = defineCall({
  path: '/platform/wealth/export-list',
  access: wealth,
  request: z.object({}).optional(),
  response: z.array(ZExport),
  errors: [],
});

/**
 * A short-lived, single-use URL to the file (`GET {path}`): a browser can only stream a download to
 * disk from a plain GET, which cannot carry the bearer token.
 */
export const exportDownloadLink = defineCall({
  path: '/platform/wealth/export-download-link',
  access: wealth,
  request: ZExportRef,
  response: z.object({ path: z.string(), expires_at: z.string() }),
  errors: ['NotFound', 'Conflict'],
});

/** The GET that streams a file; the token in the path is the whole authorisation. */
export const EXPORT_FILE_PATH = '/platform/wealth/export-file';
export const EXPORT_DOWNLOAD_TTL_SECONDS = 60;
