import { CATALOGUES, type LocaleCode } from '@caudal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { type AuditFilter, whereAuditEvents } from '../../shared/audit/audit-filter';
import type { ExportRowValues } from './export-columns';
import { EXPORT_BATCH_ROWS } from './export-cursor';

/** The audit log's CSV: the events `/audit` shows for the same filters, newest first. */
export interface AuditExportQuery {
  companyId: string;
  filter: AuditFilter;
  language: LocaleCode;
}

/** Each action's name by its code, flat: the operator's `company.create` from `company: { create }`. */
function actionNamesOf(language: LocaleCode): Record<string, string> {
  const names: Record<string, string> = {};
  for (const [key, value] of Object.entries(CATALOGUES[language].audit.actions)) {
    if (typeof value === 'string') names[key] = value;
    else for (const [command, name] of Object.entries(value)) names[`${key}.${command}`] = name as string;
  }
  return names;
}

/** A target client's id as a uuid where it is one (ids are stored as text values, never as keys). */
const TARGET_CLIENT_UUID = sql<string>`case when audit_events.target_client_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then audit_events.target_client_id::uuid end`;

/**
 * A deleted target's name, as its delete event recorded it (the company's own events only; the action
 * is a literal so that the plan uses the partial index on it, migration 0047). Read only where the
 * target is gone: `coalesce` stops at today's name.
 */
function deletedName(
  column: 'target_client_id' | 'target_link_id' | 'target_application_id',
  action: string,
) {
  return sql<string | null>`(select deleted.changes -> 'name' ->> 'old' from audit_events as deleted
    where deleted.company_id = audit_events.company_id and deleted.action = ${sql.lit(action)}
      and deleted.${sql.ref(column)} = audit_events.${sql.ref(column)} limit 1)`;
}

/**
 * One statement (PostgreSQL: the export worker reads it through a cursor): every value as text, the
 * kinds and action names in the file's language (the words travel as parameters), the time in UTC as a
 * spreadsheet reads a date and time, a target client's, Link's and application's name as it is called
 * today, or was when deleted (from the reader's company only), the changed fields as their JSON.
 */
export function auditRowsQuery(db: Db, query: AuditExportQuery) {
  const words = CATALOGUES[query.language].audit;
  const kinds = JSON.stringify(words.kinds);
  const actorKinds = JSON.stringify(words.actorKinds);
  const actionNames = JSON.stringify(actionNamesOf(query.language));
  return db
    .selectFrom('audit_events')
    .leftJoin('clients as target_client', (join) =>
      join
        .onRef('target_client.company_id', '=', 'audit_events.company_id')
        .on('target_client.id', '=', TARGET_CLIENT_UUID),
    )
    .leftJoin('links as target_link', (join) =>
      join
        .onRef('target_link.company_id', '=', 'audit_events.company_id')
        .onRef('target_link.token', '=', 'audit_events.target_link_id'),
    )
    .leftJoin('applications as target_application', (join) =>
      join
        .onRef('target_application.company_id', '=', 'audit_events.company_id')
        .onRef('target_application.client_id', '=', 'audit_events.target_application_id'),
    )
    .select([
      sql<string>`to_char(audit_events.occurred_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS')`.as(
        'occurred_at',
      ),
      sql<string>`coalesce(${kinds}::jsonb ->> audit_events.kind, audit_events.kind)`.as('kind'),
      sql<string>`coalesce(${actionNames}::jsonb ->> audit_events.action, audit_events.action)`.as(
        'action_name',
      ),
      'audit_events.action',
      sql<string>`coalesce(${actorKinds}::jsonb ->> audit_events.actor_kind, audit_events.actor_kind)`.as(
        'actor_kind',
      ),
      'audit_events.actor_name',
      'audit_events.actor_id',
      'audit_events.target_client_id',
      sql<
        string | null
      >`coalesce(target_client.name, ${deletedName('target_client_id', 'client-delete')})`.as(
        'target_client_name',
      ),
      'audit_events.target_credential_id',
      'audit_events.target_link_id',
      sql<string | null>`coalesce(target_link.name, ${deletedName('target_link_id', 'delete-link')})`.as(
        'target_link_name',
      ),
      'audit_events.target_application_id',
      sql<
        string | null
      >`coalesce(target_application.name, ${deletedName('target_application_id', 'delete-application')})`.as(
        'target_application_name',
      ),
      'audit_events.target_user_id',
      'audit_events.ip',
      'audit_events.user_agent',
      'audit_events.request_id',
      sql<string | null>`nullif(audit_events.changes::text, '{}')`.as('changes'),
    ])
    .where(whereAuditEvents(query.companyId, query.filter))
    .orderBy('audit_events.position', 'desc');
}

/** PGlite (one connection): keyset pages on the position, the connection free between them. */
export async function* readAuditPages(db: Db, query: AuditExportQuery): AsyncIterable<ExportRowValues[]> {
  let after: string | null = null;
  for (;;) {
    const cursor: string | null = after;
    const page: (ExportRowValues & { event_position: string })[] = await auditRowsQuery(db, query)
      .select('audit_events.position as event_position')
      .$if(cursor !== null, (qb) => qb.where('audit_events.position', '<', cursor as string))
      .limit(EXPORT_BATCH_ROWS)
      .execute();
    if (page.length > 0) yield page.map(({ event_position: _position, ...row }) => row);
    const last: { event_position: string } | undefined = page.at(-1);
    if (page.length < EXPORT_BATCH_ROWS || !last) return;
    after = last.event_position;
  }
}

/** How many events the file will hold, counted no further than `cap`. */
export async function countAuditRowsUpTo(db: Db, query: AuditExportQuery, cap: number): Promise<number> {
  const counted = await db
    .selectFrom(
      db
        .selectFrom('audit_events')
        .select(sql<number>`1`.as('one'))
        .where(whereAuditEvents(query.companyId, query.filter))
        .limit(cap)
        .as('r'),
    )
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(counted.n);
}
