import type { Db } from '../db/database';

/**
 * A company's audit events (`null`: those kept under no company), oldest first, optionally of one
 * action: what a test reads to check which calls were recorded, and as whom.
 */
export function findAuditEvents(db: Db, companyId: string | null, action?: string) {
  return db
    .selectFrom('audit_events')
    .selectAll()
    .where((eb) => (companyId === null ? eb('company_id', 'is', null) : eb('company_id', '=', companyId)))
    .$if(action !== undefined, (query) => query.where('action', '=', action ?? ''))
    .orderBy('position')
    .execute();
}
