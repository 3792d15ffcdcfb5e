import { z } from 'zod';
import { ZSuccess } from '../auth/calls';
import { SUMMARY_STATES } from '../connections/credential-state';
import { defineCall } from '../shared/define-call';
import { ZOptionalEmptyBody } from '../shared/empty-bodies';
import { LIMITS, VALIDATION } from '../shared/validation';
import * as routes from './routes';

export * from './constants';

export const ZSummaryState = z.enum(SUMMARY_STATES);

/** Credentials counted by state (deriveSummaryState); `total` is their sum. */
export const ZSummaryCounts = z.object({
  total: z.number().int(),
  blocked: z.number().int(),
  pending: z.number().int(),
  sca: z.number().int(),
  down: z.number().int(),
  ok: z.number().int(),
});
export type SummaryCounts = z.infer<typeof ZSummaryCounts>;

/**
 * One institution with credentials (spec section 3: total credentials, blocked, sca_token). `sca_token`
 * counts the credentials in the SCA state: the institution waits for the code (20 h rule).
 */
export const ZSummaryEntity = z.object({
  id: z.string(),
  total: z.number().int(),
  blocked: z.number().int(),
  sca_token: z.number().int(),
  pending: z.number().int(),
});
export type SummaryEntity = z.infer<typeof ZSummaryEntity>;

export const ZSummaryCredential = z.object({
  credentials_token: z.string(),
  /** The entity (institution) id. */
  bank: z.string(),
  state: ZSummaryState,
  client_id: z.string().nullable(),
  client_name: z.string().nullable(),
  /** The last successful update (ISO), null before the first. */
  last_update: z.string().nullable(),
  created_at: z.string(),
});
export type SummaryCredential = z.infer<typeof ZSummaryCredential>;

export const ZSummary = z.object({
  counts: ZSummaryCounts,
  /** Sorted by total credentials, most first, then id. */
  entities: z.array(ZSummaryEntity),
  /** The newest credentials first, at most SUMMARY_LAST_CREDENTIALS. */
  last_credentials: z.array(ZSummaryCredential),
});
export type Summary = z.infer<typeof ZSummary>;

export const getSummary = defineCall(routes.getSummary, { request: ZOptionalEmptyBody, response: ZSummary });

/**
 * Consents beside the summary's states (a credential counts in its state and, here, by its consent):
 * ending within 14 days, and ended (nothing refreshes until the holder renews).
 */
export const ZConsentCounts = z.object({ expiring: z.number().int(), expired: z.number().int() });
export type ConsentCounts = z.infer<typeof ZConsentCounts>;

export const getConsentCounts = defineCall(routes.getConsentCounts, {
  request: ZOptionalEmptyBody,
  response: ZConsentCounts,
});

export const ZDeleteCredentialsRequest = z.object({
  credentials_token: z
    .string({ error: VALIDATION.required })
    .min(1, { error: VALIDATION.required })
    .max(LIMITS.token),
});

export const deleteCredentials = defineCall(routes.deleteCredentials, {
  request: ZDeleteCredentialsRequest,
  response: ZSuccess,
});
