import {
  FUNNEL_ABANDON_AFTER_MS,
  INSTITUTION_ERRORS,
  INSTITUTION_HEALTH_DAYS,
  INSTITUTION_STATE_RULES,
  type InstitutionError,
  type InstitutionHealth,
  type LinkFunnel,
} from '@caudal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { deriveInstitutionState } from './institution-state';

const DAY_MS = 24 * 60 * 60 * 1000;

function isInstitutionError(value: string | null): value is InstitutionError {
  return value !== null && (INSTITUTION_ERRORS as readonly string[]).includes(value);
}

/** The Link behind a token within the company (another company's token is not found). */
export async function findCompanyLink(db: Db, companyId: string, token: string) {
  return db
    .selectFrom('links')
    .select(['id', 'name'])
    .where('company_id', '=', companyId)
    .where('token', '=', token)
    .executeTakeFirst();
}

/**
 * A Link's funnel over the last `days`: visits opened in the window, each counted once per step it
 * reached, in one index-only pass over funnel_visits_link_idx; failures by type from the partial index of
 * failed steps. Abandoned: not succeeded and idle FUNNEL_ABANDON_AFTER_MS as of `now`.
 */
export async function findLinkFunnel(
  db: Db,
  scope: { companyId: string; linkId: string; linkName: string },
  days: number,
  now: Date,
  idleMs: number = FUNNEL_ABANDON_AFTER_MS,
): Promise<LinkFunnel> {
  const from = new Date(now.getTime() - days * DAY_MS);
  const idleBefore = new Date(now.getTime() - idleMs);
  const counts = await db
    .selectFrom('funnel_visits')
    .select([
      sql<number>`count(*)::int`.as('opened'),
      sql<number>`count(institution_chosen_at)::int`.as('institution_chosen'),
      sql<number>`count(credentials_sent_at)::int`.as('credentials_sent'),
      sql<number>`count(sca_asked_at)::int`.as('sca_asked'),
      sql<number>`count(sca_passed_at)::int`.as('sca_passed'),
      sql<number>`count(succeeded_at)::int`.as('succeeded'),
      sql<number>`(count(*) filter (where succeeded_at is null and last_activity_at <= ${idleBefore}))::int`.as(
        'abandoned',
      ),
    ])
    .where('link_id', '=', scope.linkId)
    .where('company_id', '=', scope.companyId)
    .where('opened_at', '>', from)
    .where('opened_at', '<=', now)
    .executeTakeFirstOrThrow();
  const failures = await db
    .selectFrom('funnel_events')
    .select([
      'error',
      sql<number>`count(*)::int`.as('attempts'),
      sql<number>`count(distinct visit_id)::int`.as('visits'),
    ])
    .where('link_id', '=', scope.linkId)
    .where('step', '=', 'failed')
    .where('company_id', '=', scope.companyId)
    .where('occurred_at', '>', from)
    .where('occurred_at', '<=', now)
    .groupBy('error')
    .orderBy('attempts', 'desc')
    .execute();
  return {
    link_name: scope.linkName,
    days,
    from: from.toISOString(),
    to: now.toISOString(),
    steps: counts,
    abandon_after_minutes: idleMs / 60_000,
    conversion: counts.opened === 0 ? null : counts.succeeded / counts.opened,
    failures: failures.flatMap((row) =>
      isInstitutionError(row.error) ? [{ error: row.error, attempts: row.attempts, visits: row.visits }] : [],
    ),
  };
}

interface RecentCount {
  entity_id: string;
  recent: number;
  down: number;
}

/** Each institution's last few outcomes within the recent hours: how many, and how many were `down`. */
async function findRecentCounts(
  db: Db,
  companyId: string,
  now: Date,
  entityId: string | undefined,
): Promise<RecentCount[]> {
  const since = new Date(now.getTime() - INSTITUTION_STATE_RULES.recentHours * 60 * 60 * 1000);
  const entityFilter = entityId === undefined ? sql`` : sql`and entity_id = ${entityId}`;
  const result = await sql<RecentCount>`
    select entity_id, count(*)::int as recent, (count(*) filter (where outcome = 'down'))::int as down
    from (
      select entity_id, outcome,
        row_number() over (partition by entity_id order by occurred_at desc, id desc) as position
      from institution_outcomes
      where company_id = ${companyId} and occurred_at > ${since} and occurred_at <= ${now} ${entityFilter}
    ) recent
    where position <= ${INSTITUTION_STATE_RULES.recentOutcomes}
    group by entity_id
  `.execute(db);
  return result.rows;
}

/** States of the institutions that are not operational, for the hosted pages' institution list. */
export async function findTroubledInstitutions(
  db: Db,
  companyId: string,
  now: Date,
): Promise<{ entity_id: string; state: 'degraded' | 'down' }[]> {
  return (await findRecentCounts(db, companyId, now, undefined)).flatMap((row) => {
    const state = deriveInstitutionState(row.recent, row.down);
    return state === 'operational' ? [] : [{ entity_id: row.entity_id, state }];
  });
}

/**
 * The company's institution health over INSTITUTION_HEALTH_DAYS, from its own outcomes only: one grouped
 * index-only pass for the rates and errors, one for the recent outcomes that give the state.
 */
export async function findInstitutionHealth(
  db: Db,
  companyId: string,
  now: Date,
  entityId?: string,
): Promise<InstitutionHealth[]> {
  const from = new Date(now.getTime() - INSTITUTION_HEALTH_DAYS * DAY_MS);
  const [grouped, recent] = await Promise.all([
    db
      .selectFrom('institution_outcomes')
      .select(['entity_id', 'kind', 'outcome', sql<number>`count(*)::int`.as('count')])
      .where('company_id', '=', companyId)
      .where('occurred_at', '>', from)
      .where('occurred_at', '<=', now)
      .$if(entityId !== undefined, (qb) => qb.where('entity_id', '=', entityId as string))
      .groupBy(['entity_id', 'kind', 'outcome'])
      .execute(),
    findRecentCounts(db, companyId, now, entityId),
  ]);
  const byEntity = new Map<string, InstitutionHealth>();
  const entry = (id: string) => {
    let health = byEntity.get(id);
    if (!health) {
      health = {
        entity_id: id,
        state: 'operational',
        connections: { attempts: 0, successes: 0, rate: null },
        refreshes: { attempts: 0, successes: 0, rate: null },
        errors: [],
      };
      byEntity.set(id, health);
    }
    return health;
  };
  for (const row of grouped) {
    const health = entry(row.entity_id);
    const rate = row.kind === 'connection' ? health.connections : health.refreshes;
    rate.attempts += row.count;
    if (row.outcome === 'success') rate.successes += row.count;
    else if (isInstitutionError(row.outcome)) {
      const known = health.errors.find((item) => item.error === row.outcome);
      if (known) known.count += row.count;
      else health.errors.push({ error: row.outcome, count: row.count });
    }
  }
  for (const row of recent) entry(row.entity_id).state = deriveInstitutionState(row.recent, row.down);
  for (const health of byEntity.values()) {
    for (const rate of [health.connections, health.refreshes]) {
      rate.rate = rate.attempts === 0 ? null : rate.successes / rate.attempts;
    }
    health.errors.sort((a, b) => b.count - a.count || a.error.localeCompare(b.error));
  }
  return [...byEntity.values()].sort((a, b) => a.entity_id.localeCompare(b.entity_id));
}
