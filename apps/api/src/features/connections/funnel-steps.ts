import type { InstitutionError } from '@caudal/contract';
import type { Db } from '../../db/database';
import type { ConnectorResult, ScaResult } from '../../engine/connectors';
import { type FunnelVisit, type RecordedStep, recordFunnelStep, recordInstitutionOutcome } from '../funnel';
import type { LiveToken } from './connect-tokens';

/** The visit a live connect token is (decision 0034): its random id, company and Link. */
function visitOf(token: Pick<LiveToken, 'visit_id' | 'company_id' | 'link_id'>): FunnelVisit {
  return { visitId: token.visit_id, companyId: token.company_id, linkId: token.link_id };
}

/** One funnel step of the token's visit. */
export function recordConnectStep(
  db: Db,
  token: Pick<LiveToken, 'visit_id' | 'company_id' | 'link_id'>,
  step: Exclude<RecordedStep, 'failed'>,
  now: Date,
  entityId?: string | null,
): Promise<void> {
  return recordFunnelStep(db, visitOf(token), step, now, { entityId: entityId ?? null });
}

/** The institution's answer as an error type, or null when it was not a failure. */
export function failureOf(result: ConnectorResult | ScaResult): InstitutionError | null {
  switch (result.outcome) {
    case 'invalid_access':
      return 'invalid_access';
    case 'blocked':
      return 'blocked';
    case 'down':
      return 'down';
    case 'invalid_code':
      return 'invalid_sca_code';
    default:
      return null;
  }
}

/**
 * A connection attempt ended (success or failure): the visit's step and the company's institution
 * outcome, in the caller's transaction when it has one.
 */
export async function recordConnectResult(
  db: Db,
  token: Pick<LiveToken, 'visit_id' | 'company_id' | 'link_id'>,
  entityId: string,
  error: InstitutionError | null,
  now: Date,
): Promise<void> {
  if (error === null) {
    await recordFunnelStep(db, visitOf(token), 'succeeded', now, { entityId });
  } else {
    await recordFunnelStep(db, visitOf(token), 'failed', now, { entityId, error });
  }
  await recordInstitutionOutcome(
    db,
    { companyId: token.company_id, entityId, kind: 'connection', outcome: error ?? 'success' },
    now,
  );
}
