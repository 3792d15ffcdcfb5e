import type { AuditEvent } from '@caudal/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { AuditEventsTable } from '../../db/schema';
import { type AuditFilter, whereAuditEvents } from '../../shared/audit/audit-filter';
import { isUuid } from '../../shared/secure-tokens';

/** The position of the last event of the previous page. */
export type AuditCursor = string;

/**
 * One page of a company's events, newest first, after `cursor` (keyset on the insertion position, along
 * the (company_id, position) index or a target filter's: a page costs the same however deep it is).
 * Always scoped to the company: no filter reaches another one's events.
 */
export async function findAuditPage(
  db: Db,
  companyId: string,
  filter: AuditFilter,
  cursor: AuditCursor | null,
  limit: number,
): Promise<Selectable<AuditEventsTable>[]> {
  let query = db.selectFrom('audit_events').selectAll().where(whereAuditEvents(companyId, filter));
  if (cursor) query = query.where('position', '<', cursor);
  const rows = await query.orderBy('position', 'desc').limit(limit).execute();
  return rows;
}

/** The names of the company's clients among `ids` (ids of deleted clients, or of none, are absent). */
export async function findClientNames(db: Db, companyId: string, ids: readonly string[]) {
  const wanted = [...new Set(ids)].filter(isUuid);
  if (wanted.length === 0) return new Map<string, string>();
  const rows = await db
    .selectFrom('clients')
    .select(['id', 'name'])
    .where('company_id', '=', companyId)
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

export function toAuditEvent(
  row: Selectable<AuditEventsTable>,
  clientNames: ReadonlyMap<string, string>,
): AuditEvent {
  return {
    id: row.id,
    occurred_at: new Date(row.occurred_at).toISOString(),
    kind: row.kind as AuditEvent['kind'],
    action: row.action,
    actor: { kind: row.actor_kind as AuditEvent['actor']['kind'], id: row.actor_id, name: row.actor_name },
    targets: {
      client: row.target_client_id,
      credential: row.target_credential_id,
      link: row.target_link_id,
      application: row.target_application_id,
      user: row.target_user_id,
    },
    target_names: {
      client: row.target_client_id ? (clientNames.get(row.target_client_id) ?? null) : null,
    },
    ip: row.ip,
    user_agent: row.user_agent,
    request_id: row.request_id,
    changes: row.changes,
  };
}
