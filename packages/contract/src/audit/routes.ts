import { defineRoute } from '../shared/call-route';
import type * as schemas from './calls';

export type {
  AuditEvent,
  AuditEventList,
  AuditExport,
  AuditExportRequest,
  AuditListRequest,
} from './calls';

/** Newest first; a page holds at most this many events, the next one starts after its last. */
export const AUDIT_PAGE_SIZE = 50;

/**
 * The operator's commands that change state, each recorded under its own name as an action (the API's
 * command line; the screen names them): the commands that only read record nothing.
 */
export const OPERATOR_AUDIT_ACTIONS = [
  'company.create',
  'company.modules',
  'company.language',
  'company.disable',
  'company.enable',
  'staff.invite',
  'staff.disable',
  'staff.enable',
  'staff.reset-password',
] as const;
export const AUDIT_PATH = '/audit';

/** Only a company's admins read its audit log: members and portal users get 403. */
const auditAdmins = { kind: 'session', staffOnly: true, adminOnly: true } as const;

/** One keyset page of the company's audit log, filtered by actor, action, target and date range. */
export const listAuditEvents = defineRoute<
  typeof schemas.ZAuditListRequest,
  typeof schemas.ZAuditEventList
>()({
  path: '/platform/audit/list-events',
  access: auditAdmins,
  errors: [],
});

/**
 * "Export CSV" on `/audit`: the events the screen's filters select, as a CSV in the caller's language
 * (`;` and decimal comma in Spanish, `,` in English, UTF-8 with BOM), written by the export jobs:
 * queued, claimed in turn across companies and within their caps (429 TooManyExports). Not one of the
 * spec's `get-available-exports` documents. Poll `export-status`, then download as any export.
 */
export const exportAuditEvents = defineRoute<
  typeof schemas.ZAuditExportRequest,
  typeof schemas.ZAuditExport
>()({
  path: '/platform/audit/export-events',
  audit: {
    action: 'export-events',
    targets: { client: { request: 'client_id' }, credential: { request: 'credentials_token' } },
    fields: ['actor', 'action', 'from', 'to', 'language'],
  },
  access: auditAdmins,
  errors: ['TooManyExports'],
});

/** An audit export the caller asked for: its progress, then the file's size. */
export const auditExportStatus = defineRoute<typeof schemas.ZAuditExportRef, typeof schemas.ZAuditExport>()({
  path: '/platform/audit/export-status',
  access: auditAdmins,
  errors: ['NotFound'],
});

/** A single-use URL (60 s) to the audit export's file, served as every export's file is. */
export const auditExportDownloadLink = defineRoute<
  typeof schemas.ZAuditExportRef,
  typeof schemas.ZAuditExportDownloadLink
>()({
  path: '/platform/audit/export-download-link',
  access: auditAdmins,
  errors: ['NotFound'],
});
