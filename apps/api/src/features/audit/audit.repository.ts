import type { AuditEvent } from '@caudal/contract';
import { type Selectable, sql } from 'kysely';
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
async function findClientNames(db: Db, companyId: string, ids: readonly string[]) {
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

/**
 * The names of the company's Links among `tokens` (a Link is targeted by its token): one statement,
 * scoped to the company, so another company's Link with the same token is never named here.
 */
async function findLinkNames(db: Db, companyId: string, tokens: readonly string[]) {
  const wanted = [...new Set(tokens)];
  if (wanted.length === 0) return new Map<string, string>();
  const rows = await db
    .selectFrom('links')
    .select(['token', 'name'])
    .where('company_id', '=', companyId)
    .where('token', 'in', wanted)
    .execute();
  return new Map(rows.map((row) => [row.token, row.name]));
}

/** The names of the company's applications among `clientIds` (an application is targeted by its client id). */
async function findApplicationNames(db: Db, companyId: string, clientIds: readonly string[]) {
  const wanted = [...new Set(clientIds)];
  if (wanted.length === 0) return new Map<string, string>();
  const rows = await db
    .selectFrom('applications')
    .select(['client_id', 'name'])
    .where('company_id', '=', companyId)
    .where('client_id', 'in', wanted)
    .execute();
  return new Map(rows.map((row) => [row.client_id, row.name]));
}

/** The names of one page's targets today, by kind and id; an id absent from its map names nothing. */
export interface TargetNames {
  client: ReadonlyMap<string, string>;
  link: ReadonlyMap<string, string>;
  application: ReadonlyMap<string, string>;
}

type TargetKind = keyof TargetNames;

/** Where each kind's id sits in an event, and the action whose event keeps the name of one deleted. */
const TARGETS = {
  client: { column: 'target_client_id', deleteAction: 'client-delete' },
  link: { column: 'target_link_id', deleteAction: 'delete-link' },
  application: { column: 'target_application_id', deleteAction: 'delete-application' },
} as const satisfies Record<TargetKind, { column: string; deleteAction: string }>;

type TargetColumn = (typeof TARGETS)[TargetKind]['column'];

const FIND_LIVE_NAMES = {
  client: findClientNames,
  link: findLinkNames,
  application: findApplicationNames,
} as const satisfies Record<TargetKind, unknown>;

/**
 * The names that the company's delete events of `kind` recorded for `ids` (the name it had when it was
 * deleted). The action is a literal, not a parameter, so a prepared plan still sees the partial index
 * on it (migration 0047; a client's events are found by the client index).
 */
async function findDeletedNames(db: Db, companyId: string, kind: TargetKind, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const { column, deleteAction } = TARGETS[kind];
  const rows = await db
    .selectFrom('audit_events')
    .select((eb) => [eb.ref(column).as('id'), sql<string | null>`changes -> 'name' ->> 'old'`.as('name')])
    .where('company_id', '=', companyId)
    .where('action', '=', sql.lit(deleteAction))
    .where(column, 'in', ids)
    .execute();
  const names = new Map<string, string>();
  for (const row of rows) if (row.id && row.name) names.set(row.id, row.name);
  return names;
}

/** Today's name of each of `ids`, else the name its delete event recorded; an id of neither is absent. */
async function findNamesOf(db: Db, companyId: string, kind: TargetKind, ids: readonly string[]) {
  const wanted = [...new Set(ids)];
  const names = new Map(await FIND_LIVE_NAMES[kind](db, companyId, wanted));
  const deleted = wanted.filter((id) => !names.has(id));
  for (const [id, name] of await findDeletedNames(db, companyId, kind, deleted)) names.set(id, name);
  return names;
}

/**
 * The names of a page's targets: at most two grouped lookups per kind (today's rows, then the delete
 * events of those gone), each scoped to the caller's company, so an id never names another company's row.
 */
export async function findTargetNames(
  db: Db,
  companyId: string,
  page: readonly Record<TargetColumn, string | null>[],
): Promise<TargetNames> {
  const idsOf = (kind: TargetKind) => page.flatMap((row) => row[TARGETS[kind].column] ?? []);
  return {
    client: await findNamesOf(db, companyId, 'client', idsOf('client')),
    link: await findNamesOf(db, companyId, 'link', idsOf('link')),
    application: await findNamesOf(db, companyId, 'application', idsOf('application')),
  };
}

/**
 * The actions whose recorded `name` is their Link's or application's own (the create's new value, the
 * edit's, the delete's old one): another action's `name`, if it ever records one, may be something else.
 */
const NAMING_ACTIONS = {
  link: new Set(['create-link', 'edit-link', 'delete-link']),
  application: new Set(['create-application', 'delete-application']),
} as const;

/**
 * A Link's or application's name: today's while it exists, else the one its delete event recorded, else
 * the one this event recorded of it (a create or edit whose delete the retention purge already took),
 * else none: the screen shows the id.
 */
function targetName(
  kind: keyof typeof NAMING_ACTIONS,
  id: string | null,
  row: Selectable<AuditEventsTable>,
  names: ReadonlyMap<string, string>,
): string | null {
  if (!id) return null;
  const today = names.get(id);
  if (today !== undefined) return today;
  if (!NAMING_ACTIONS[kind].has(row.action)) return null;
  const recorded = row.changes.name;
  const name = recorded?.new ?? recorded?.old;
  return typeof name === 'string' && name !== '' ? name : null;
}

export function toAuditEvent(row: Selectable<AuditEventsTable>, names: TargetNames): AuditEvent {
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
      client: row.target_client_id ? (names.client.get(row.target_client_id) ?? null) : null,
      link: targetName('link', row.target_link_id, row, names.link),
      application: targetName('application', row.target_application_id, row, names.application),
    },
    ip: row.ip,
    user_agent: row.user_agent,
    request_id: row.request_id,
    changes: row.changes,
  };
}
