import { z } from 'zod';
import { defineCall } from '../shared/define-call';
import * as routes from './routes';
import { AUDIT_PAGE_SIZE } from './routes';

export { AUDIT_PAGE_SIZE, AUDIT_PATH } from './routes';

export const AUDIT_KINDS = ['change', 'sign-in', 'sign-in-failed', 'logout'] as const;
export const AUDIT_ACTOR_KINDS = [
  'staff',
  'portal',
  'application',
  'visitor',
  'operator',
  'anonymous',
] as const;

export const ZAuditEvent = z.object({
  id: z.string(),
  occurred_at: z.string(),
  kind: z.enum(AUDIT_KINDS),
  action: z.string(),
  actor: z.object({
    kind: z.enum(AUDIT_ACTOR_KINDS),
    id: z.string().nullable(),
    name: z.string().nullable(),
  }),
  targets: z.object({
    client: z.string().nullable(),
    credential: z.string().nullable(),
    link: z.string().nullable(),
    application: z.string().nullable(),
    user: z.string().nullable(),
  }),
  /**
   * The targets' names, read beside the ids the log keeps (ids outlive what they name): a client's name
   * today, while it exists; a Link's or an application's name today, or, once it is gone, the name the
   * event itself recorded (its create, edit or delete); null when neither is known (show the id).
   */
  target_names: z.object({
    client: z.string().nullable(),
    link: z.string().nullable(),
    application: z.string().nullable(),
  }),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  request_id: z.string().nullable(),
  changes: z.record(z.string(), z.object({ old: z.unknown().optional(), new: z.unknown().optional() })),
});
export type AuditEvent = z.infer<typeof ZAuditEvent>;

const zFilter = z.string().trim().max(200).optional();

const ZAuditFilter = z.object({
  /** The actor's username (or application client id), exactly. */
  actor: zFilter,
  action: zFilter,
  client_id: zFilter,
  credentials_token: zFilter,
  /** ISO dates or times; `to` is exclusive. */
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});

export const ZAuditListRequest = ZAuditFilter.extend({
  /** The `next_cursor` of the previous page. */
  cursor: z.string().max(200).optional(),
  limit: z.number().int().min(1).max(AUDIT_PAGE_SIZE).optional(),
});
export type AuditListRequest = z.input<typeof ZAuditListRequest>;

export const ZAuditEventList = z.object({
  items: z.array(ZAuditEvent),
  next_cursor: z.string().nullable(),
});
export type AuditEventList = z.infer<typeof ZAuditEventList>;

export const listAuditEvents = defineCall(routes.listAuditEvents, {
  request: ZAuditListRequest,
  response: ZAuditEventList,
});

/** The screen's filters, and the language of the file's headers, words and CSV dialect. */
export const ZAuditExportRequest = ZAuditFilter.extend({
  language: z.enum(['es', 'en']).default('es'),
});
export type AuditExportRequest = z.input<typeof ZAuditExportRequest>;

export const ZAuditExport = z.object({
  id: z.string(),
  status: z.enum(['queued', 'running', 'ready', 'failed']),
  file_name: z.string(),
  rows_written: z.number().int(),
  size_bytes: z.number().int(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  error: z.string().nullable(),
});
export type AuditExport = z.infer<typeof ZAuditExport>;

export const ZAuditExportRef = z.object({ export_id: z.string().min(1).max(64) });

export const ZAuditExportDownloadLink = z.object({ path: z.string(), expires_at: z.string() });

export const exportAuditEvents = defineCall(routes.exportAuditEvents, {
  request: ZAuditExportRequest,
  response: ZAuditExport,
});

export const auditExportStatus = defineCall(routes.auditExportStatus, {
  request: ZAuditExportRef,
  response: ZAuditExport,
});

export const auditExportDownloadLink = defineCall(routes.auditExportDownloadLink, {
  request: ZAuditExportRef,
  response: ZAuditExportDownloadLink,
});
