import type { InstitutionError } from '@caudal/contract';
import { sql } from 'kysely';
import { runWithoutOwed } from '../../db/before-first-commit';
import type { Db } from '../../db/database';

/** The visit a hosted-page call belongs to: its connect token's visit id, company and Link. */
export interface FunnelVisit {
  visitId: string;
  companyId: string;
  linkId: string | null;
}

export type RecordedStep =
  | 'opened'
  | 'institution_chosen'
  | 'credentials_sent'
  | 'sca_asked'
  | 'sca_passed'
  | 'succeeded'
  | 'failed';

/** The visit's column that keeps the first time it reached each step. */
const STEP_COLUMN: Record<RecordedStep, string | null> = {
  opened: null,
  institution_chosen: 'institution_chosen_at',
  credentials_sent: 'credentials_sent_at',
  sca_asked: 'sca_asked_at',
  sca_passed: 'sca_passed_at',
  succeeded: 'succeeded_at',
  failed: 'failed_at',
};

/**
 * Records one step of a hosted-page visit in one statement: the visit's row keeps the first time of each
 * step and its last activity (the funnel counts read only that row), and the log gets the event. A page
 * opened again (a reload) moves the last activity but logs no second `opened`. Nothing personal: a random
 * visit id, an institution id, an error type. Runs in the caller's transaction when given one, so a
 * success is recorded with the flow it completes.
 */
export async function recordFunnelStep(
  db: Db,
  visit: FunnelVisit,
  step: RecordedStep,
  now: Date,
  detail: { entityId?: string | null; error?: InstitutionError | null } = {},
): Promise<void> {
  const column = STEP_COLUMN[step];
  const entityId = detail.entityId ?? null;
  const error = step === 'failed' ? (detail.error ?? null) : null;
  const stepColumns = column ? sql`, ${sql.ref(column)}` : sql``;
  const stepValues = column ? sql`, ${now}` : sql``;
  const stepUpdate = column
    ? sql`, ${sql.ref(column)} = coalesce(v.${sql.ref(column)}, excluded.${sql.ref(column)})`
    : sql``;
  await sql`
    with visit as (
      insert into funnel_visits as v (id, company_id, link_id, entity_id, opened_at, last_activity_at, last_error ${stepColumns})
      values (${visit.visitId}, ${visit.companyId}, ${visit.linkId}, ${entityId}, ${now}, ${now}, ${error} ${stepValues})
      on conflict (id) do update set
        last_activity_at = greatest(v.last_activity_at, excluded.last_activity_at),
        entity_id = coalesce(excluded.entity_id, v.entity_id),
        last_error = coalesce(excluded.last_error, v.last_error)
        ${stepUpdate}
      returning v.id, (v.xmax = 0) as inserted
    )
    insert into funnel_events (visit_id, company_id, link_id, step, entity_id, error, occurred_at)
    select visit.id, ${visit.companyId}::uuid, ${visit.linkId}::uuid, ${step}::text, ${entityId}::text,
      ${error}::text, ${now}::timestamptz
    from visit
    where ${step}::text <> 'opened' or visit.inserted
  `.execute(db);
}

/** Records a connection attempt's or a refresh's result for the company's institution health. */
export async function recordInstitutionOutcome(
  db: Db,
  outcome: {
    companyId: string;
    entityId: string;
    kind: 'connection' | 'refresh';
    outcome: 'success' | InstitutionError;
  },
  now: Date,
): Promise<void> {
  // The institutions' health, kept whatever the call then does: never the change its event rides on.
  await runWithoutOwed(() =>
    db
      .insertInto('institution_outcomes')
      .values({
        company_id: outcome.companyId,
        entity_id: outcome.entityId,
        kind: outcome.kind,
        outcome: outcome.outcome,
        occurred_at: now,
      })
      .execute(),
  );
}
