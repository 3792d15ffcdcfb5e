import { defineRoute } from '../shared/call-route';
import type * as schemas from './calls';

export type { AuditEvent, AuditEventList, AuditListRequest } from './calls';

/** Newest first; a page holds at most this many events, the next one starts after its last. */
export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_PATH = '/audit';

/** Only a company's admins read its audit log: members and portal users get 403. */
const auditAdmins = { kind: 'session', staffOnly: true, adminOnly: true } as const;

/** One keyset page of the company's audit log, filtered by actor, action, target and date range. */
export const listAuditEvents = defineRoute<typeof schemas.ZAuditListRequest, typeof schemas.ZAuditEventList>({
  path: '/platform/audit/list-events',
  access: auditAdmins,
  errors: [],
});
