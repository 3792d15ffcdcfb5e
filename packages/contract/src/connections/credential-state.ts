import { z } from 'zod';

/** An SCA credential is stale after 20 hours (spec section 9). */
export const SCA_STALE_AFTER_MS = 72_000_000;

/**
 * Why the last update failed, when it did. `invalid_access` (wrong password) and `blocked` (the
 * institution blocked access) both set `blocked`; `down` is temporary and retried by the scheduler.
 */
export const CREDENTIAL_ERRORS = ['invalid_access', 'blocked', 'down'] as const;
export const ZCredentialError = z.enum(CREDENTIAL_ERRORS);
export type CredentialError = z.infer<typeof ZCredentialError>;

/** The spec's status object: last_update, time, blocked, sca_token (plus why, when it failed). */
export const ZCredentialStatus = z.object({
  /** When the credential last updated successfully (ISO), null before the first success. */
  last_update: z.string().nullable(),
  /** When the last attempt ran (ISO), successful or not. */
  time: z.string().nullable(),
  blocked: z.boolean(),
  /** Present while the institution asks for strong customer authentication on this credential. */
  sca_token: z.string().nullable(),
  error: ZCredentialError.nullable(),
  /** True while a refresh is queued or running. */
  updating: z.boolean(),
});
export type CredentialStatus = z.infer<typeof ZCredentialStatus>;

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
