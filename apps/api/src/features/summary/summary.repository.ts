import {
  CONSENT_EXPIRING_WITHIN_DAYS,
  type ConsentCounts,
  CREDENTIAL_UPDATING_MAX_MS,
  SCA_STALE_AFTER_MS,
  SUMMARY_LAST_CREDENTIALS,
  type Summary,
  type SummaryCounts,
  type SummaryState,
} from '@caudal/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Actor } from '../../shared/auth/actor';

/**
 * The conditions of the contract's deriveSummaryState in SQL, over the credentials columns
 * (last_success_at is status.last_update, last_update is status.time, refresh_requested_at makes
 * status.updating), with the same strict bounds. One source for the state and for "not ok".
 */
function stateConditions(now: Date) {
  const updatingSince = new Date(now.getTime() - CREDENTIAL_UPDATING_MAX_MS);
  const scaStaleBefore = new Date(now.getTime() - SCA_STALE_AFTER_MS);
  return {
    blocked: sql`credentials.blocked`,
    pending: sql`(credentials.last_update is null or credentials.refresh_requested_at > ${updatingSince})`,
    sca: sql`(credentials.sca_token is not null
      and (credentials.last_success_at is null or credentials.last_success_at < ${scaStaleBefore}))`,
    down: sql`credentials.error = 'down'`,
  };
}

/** The contract's deriveSummaryState in SQL: same precedence; summary.test.ts checks both agree on every state. */
export function summaryStateSql(now: Date): RawBuilder<SummaryState> {
  const when = stateConditions(now);
  return sql<SummaryState>`case
    when ${when.blocked} then 'blocked'
    when ${when.pending} then 'pending'
    when ${when.sca} then 'sca'
    when ${when.down} then 'down'
    else 'ok'
  end`;
}

/**
 * Whether a credential's state is other than "ok". Each condition implies the predicate of
 * credentials_attention_idx (migration 0041), so the planner finds these few credentials there.
 */
function needsAttentionSql(now: Date): RawBuilder<boolean> {
  const when = stateConditions(now);
  return sql<boolean>`(${when.blocked} or ${when.pending} or ${when.sca} or ${when.down})`;
}

const toCount = (value: string | number | bigint) => Number(value);

/**
 * Each institution's credentials, in all and by state, in one statement (decision 0060): the totals
 * the credentials' triggers keep (`credential_totals`, migration 0042), and the states of only the
 * credentials that are not "ok" (credentials_attention_idx). Counting and evaluating every credential
 * made the summary half of PostgreSQL's time in the mixed workload (9 ms a call on 20,000 credentials
 * alone). One statement, so both parts see the same credentials.
 */
async function countByEntity(db: Db, companyId: string, now: Date) {
  const rows = await db
    .selectFrom('credential_totals')
    .where('credential_totals.company_id', '=', companyId)
    .select([
      'credential_totals.entity_id',
      sql<SummaryState | 'total'>`'total'`.as('state'),
      sql<string>`credential_totals.total::bigint`.as('n'),
    ])
    .unionAll(
      db
        .selectFrom('credentials')
        .where('credentials.company_id', '=', companyId)
        .where(needsAttentionSql(now))
        .select((eb) => [
          'credentials.entity_id',
          summaryStateSql(now).as('state'),
          eb.fn.countAll<string>().as('n'),
        ])
        .groupBy(['credentials.entity_id', 'state']),
    )
    .execute();
  const byEntity = new Map<
    string,
    { id: string; total: number } & Record<Exclude<SummaryState, 'ok'>, number>
  >();
  const entityOf = (id: string) => {
    let entity = byEntity.get(id);
    if (!entity) {
      entity = { id, total: 0, blocked: 0, pending: 0, sca: 0, down: 0 };
      byEntity.set(id, entity);
    }
    return entity;
  };
  for (const row of rows) {
    const entity = entityOf(row.entity_id);
    if (row.state === 'total') entity.total = toCount(row.n);
    else if (row.state !== 'ok') entity[row.state] += toCount(row.n);
  }
  return [...byEntity.values()];
}

/** The newest credentials, by credentials_company_created_idx: reads SUMMARY_LAST_CREDENTIALS rows. */
async function listLastCredentials(db: Db, companyId: string, now: Date) {
  const rows = await db
    .selectFrom('credentials')
    .leftJoin('clients', (join) =>
      join
        .onRef('clients.id', '=', 'credentials.client_id')
        .onRef('clients.company_id', '=', 'credentials.company_id'),
    )
    .where('credentials.company_id', '=', companyId)
    .select([
      'credentials.token',
      'credentials.entity_id',
      'credentials.client_id',
      'clients.name as client_name',
      'credentials.last_success_at',
      'credentials.created_at',
      summaryStateSql(now).as('state'),
    ])
    .orderBy('credentials.created_at', 'desc')
    .orderBy('credentials.id', 'desc')
    .limit(SUMMARY_LAST_CREDENTIALS)
    .execute();
  return rows.map((row) => ({
    credentials_token: row.token,
    bank: row.entity_id,
    state: row.state,
    client_id: row.client_id,
    client_name: row.client_name,
    last_update: row.last_success_at ? row.last_success_at.toISOString() : null,
    created_at: row.created_at.toISOString(),
  }));
}

/**
 * Consents beside the states (never part of them): those ending within the warning window and those
 * already ended. A range read of credentials_consent_expiry_idx (company, end date) up to the window.
 */
export async function countConsents(db: Db, companyId: string, now: Date): Promise<ConsentCounts> {
  const windowEnd = new Date(now.getTime() + CONSENT_EXPIRING_WITHIN_DAYS * 86_400_000);
  const row = await db
    .selectFrom('credentials')
    .where('credentials.company_id', '=', companyId)
    .where('credentials.consent_expires_at', '<=', windowEnd)
    .select([
      sql<string>`count(*) filter (where credentials.consent_expires_at > ${now})`.as('expiring'),
      sql<string>`count(*) filter (where credentials.consent_expires_at <= ${now})`.as('expired'),
    ])
    .executeTakeFirstOrThrow();
  return { expiring: toCount(row.expiring), expired: toCount(row.expired) };
}

/** Staff only (the contract's access): the whole company, every client and the unassigned credentials. */
export async function findSummary(db: Db, actor: Actor, now: Date): Promise<Summary> {
  const [entities, lastCredentials] = await Promise.all([
    countByEntity(db, actor.companyId, now),
    listLastCredentials(db, actor.companyId, now),
  ]);
  const counts: SummaryCounts = { total: 0, blocked: 0, pending: 0, sca: 0, down: 0, ok: 0 };
  for (const entity of entities) {
    counts.total += entity.total;
    counts.blocked += entity.blocked;
    counts.pending += entity.pending;
    counts.sca += entity.sca;
    counts.down += entity.down;
  }
  counts.ok = counts.total - counts.blocked - counts.pending - counts.sca - counts.down;
  return {
    counts,
    entities: entities
      .map(({ id, total, blocked, sca, pending }) => ({ id, total, blocked, sca_token: sca, pending }))
      .sort((a, b) => b.total - a.total || a.id.localeCompare(b.id)),
    last_credentials: lastCredentials,
  };
}
