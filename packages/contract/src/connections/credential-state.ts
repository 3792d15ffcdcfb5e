// The status schema lives with the calls; these rules need only its type, so this module loads no zod.
import type { CredentialStatus } from './calls';

export type { CredentialStatus } from './calls';

/** An SCA credential is stale after 20 hours (spec section 9). */
export const SCA_STALE_AFTER_MS = 72_000_000;

/**
 * Why the last update failed, when it did. `invalid_access` (wrong password) and `blocked` (the
 * institution blocked access) both set `blocked`; `down` is temporary and retried by the scheduler.
 */
export const CREDENTIAL_ERRORS = ['invalid_access', 'blocked', 'down'] as const;
export type CredentialError = (typeof CREDENTIAL_ERRORS)[number];

export interface DerivedCredentialState {
  lastSuccessfulUpdate: Date | null;
  needsAction: boolean;
}

/**
 * needsAction: blocked, or an SCA token with a last successful update older than 20 hours (spec
 * section 4). A credential that never updated successfully counts as older than any bound.
 */
export function deriveCredentialState(status: CredentialStatus, now: Date): DerivedCredentialState {
  const lastSuccessfulUpdate = status.last_update ? new Date(status.last_update) : null;
  const isScaStale =
    status.sca_token !== null &&
    (lastSuccessfulUpdate === null || now.getTime() - lastSuccessfulUpdate.getTime() > SCA_STALE_AFTER_MS);
  return { lastSuccessfulUpdate, needsAction: status.blocked || isScaStale };
}

/** Which repair a credential that needs action offers (spec section 4). */
export type CredentialRepair = 'sca' | 'reset' | 'force_reset' | null;

export function findCredentialRepair(status: CredentialStatus, now: Date): CredentialRepair {
  if (!deriveCredentialState(status, now).needsAction) return null;
  if (status.error === 'invalid_access') return 'reset';
  if (status.blocked) return 'force_reset';
  return 'sca';
}

/** A refresh queued longer ago than this is taken as lost: the credential no longer shows as updating. */
export const CREDENTIAL_UPDATING_MAX_MS = 60 * 60_000;

/**
 * The one state a credential counts under on the summary (spec section 3: Blocked, Pending, SCA), in
 * the connections badge's precedence: what the user must fix (blocked) first, then what is still
 * happening (pending: a refresh queued or running, or no attempt finished yet), then the SCA code the
 * institution waits for (needsAction by the 20 h rule), then an outage, else ok. `apps/api`'s summary
 * SQL computes the same (a parity test holds them together).
 */
export const SUMMARY_STATES = ['blocked', 'pending', 'sca', 'down', 'ok'] as const;
export type SummaryState = (typeof SUMMARY_STATES)[number];

export function deriveSummaryState(status: CredentialStatus, now: Date): SummaryState {
  if (status.blocked) return 'blocked';
  if (status.updating || status.time === null) return 'pending';
  if (deriveCredentialState(status, now).needsAction) return 'sca';
  if (status.error === 'down') return 'down';
  return 'ok';
}
