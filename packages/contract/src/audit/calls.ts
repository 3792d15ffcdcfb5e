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
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  request_id: z.string().nullable(),
  changes: z.record(z.string(), z.object({ old: z.unknown().optional(), new: z.unknown().optional() })),
});
export type AuditEvent = z.infer<typeof ZAuditEvent>;

const zFilter = z.string().trim().max(200).optional();

export const ZAuditListRequest = z.object({
  /** The actor's username (or application client id), exactly. */
  actor: zFilter,
  action: zFilter,
  client_id: zFilter,
  credentials_token: zFilter,
  /** ISO dates or times; `to` is exclusive. */
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
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
