import { z } from 'zod';
import { defineCall } from '../shared/define-call';
import { ZOptionalEmptyBody } from '../shared/empty-bodies';
import { isDateOrderValid, VALIDATION, ZIsoDate, zSearch } from '../shared/validation';
import {
  EXPORT_CLIENTS_MAX,
  EXPORT_ENTITIES_MAX,
  EXPORT_FORMATS,
  EXPORT_LANGUAGES,
  EXPORT_STATUSES,
  EXPORT_TYPES,
  EXPORT_VALIDATION,
  TRANSACTION_COLUMNS,
} from './constants';
import * as routes from './routes';

export * from './constants';

const ZId = z.string({ error: VALIDATION.required }).min(1, { error: VALIDATION.required }).max(64);

/**
 * "Every client matching this search" (the wizard's select-all), resolved to ids on the server when
 * the export is created, in the caller's scope: a portal user's filter covers only their clients.
 */
export const ZExportClientFilter = z.object({
  /** The client list's search (name or alias); empty or absent: every client. */
  search: zSearch({ tooLong: VALIDATION.invalid }).optional(),
  /** Matching clients the user unticked. */
  except_ids: z.array(ZId).max(EXPORT_CLIENTS_MAX, { error: VALIDATION.invalid }).optional(),
});
export type ExportClientFilter = z.input<typeof ZExportClientFilter>;

/** What to export. Dates bound the movements by operation date; positions are today's. */
export const ZExportRequest = z
  .object({
    type: z.enum(EXPORT_TYPES, { error: VALIDATION.required }),
    format: z.enum(EXPORT_FORMATS, { error: VALIDATION.required }),
    /** The chosen clients; or `client_filter` instead. */
    client_ids: z
      .array(ZId, { error: EXPORT_VALIDATION.clientsRequired })
      // A field rule, not a refinement: it is reported even while another field is wrong.
      .min(1, { error: EXPORT_VALIDATION.clientsRequired })
      .max(EXPORT_CLIENTS_MAX, { error: VALIDATION.invalid })
      .optional(),
    client_filter: ZExportClientFilter.optional(),
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
    if (value.client_filter && value.client_ids) {
      ctx.addIssue({ code: 'custom', path: ['client_filter'], message: VALIDATION.invalid });
    } else if (!value.client_filter && !value.client_ids) {
      ctx.addIssue({ code: 'custom', path: ['client_ids'], message: EXPORT_VALIDATION.clientsRequired });
    }
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

export const ZAvailableExportList = z.array(ZAvailableExport);

export const getAvailableExports = defineCall(routes.getAvailableExports, {
  request: ZOptionalEmptyBody,
  response: ZAvailableExportList,
});

export const exportGenerate = defineCall(routes.exportGenerate, {
  request: ZExportRequest,
  response: ZExport,
});

/** The chosen clients whose entities the wizard's entities step (and export2) offers. */
export const ZExportClientEntitiesRequest = z.object({
  client_ids: z
    .array(ZId, { error: EXPORT_VALIDATION.clientsRequired })
    .min(1, { error: EXPORT_VALIDATION.clientsRequired })
    .max(EXPORT_CLIENTS_MAX, { error: VALIDATION.invalid }),
});

/**
 * One chosen client's entities, listed ones only: those of its `entities` field first (as stored),
 * then those it holds products at that the field does not name (by id).
 */
export const ZExportClientEntities = z.object({
  client_id: z.string(),
  entity_ids: z.array(z.string()),
});
export type ExportClientEntities = z.infer<typeof ZExportClientEntities>;

export const ZExportClientEntitiesList = z.array(ZExportClientEntities);

export const exportClientEntities = defineCall(routes.exportClientEntities, {
  request: ZExportClientEntitiesRequest,
  response: ZExportClientEntitiesList,
});

export const ZExportRef = z.object({ export_id: ZId });

export const exportStatus = defineCall(routes.exportStatus, { request: ZExportRef, response: ZExport });

export const ZExportList = z.array(ZExport);

export const exportList = defineCall(routes.exportList, {
  request: ZOptionalEmptyBody,
  response: ZExportList,
});

export const ZExportDownloadLink = z.object({ path: z.string(), expires_at: z.string() });

export const exportDownloadLink = defineCall(routes.exportDownloadLink, {
  request: ZExportRef,
  response: ZExportDownloadLink,
});
