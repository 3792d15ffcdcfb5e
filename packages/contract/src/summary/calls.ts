import { z } from 'zod';
import { ZSuccess } from '../auth/calls';
import { SUMMARY_STATES } from '../connections/credential-state';
import { defineCall } from '../shared/define-call';
import { LIMITS, VALIDATION } from '../shared/validation';

/** The dashboard is company-wide (every client, unassigned credentials too): staff only, never portal users. */
const summaryStaff = { kind: 'session', module: 'summary', staffOnly: true } as const;

/** How many of the newest credentials the summary lists. */
export const SUMMARY_LAST_CREDENTIALS = 10;

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

export const getSummary = defineCall({
  path: '/platform/summary/get-summary',
  access: summaryStaff,
  request: z.object({}).optional(),
  response: ZSummary,
  errors: [],
});

/** Deletes a credential of the company with its holders and products (as credentials-delete does). */
export const deleteCredentials = defineCall({
  path: '/platform/summary/delete-credentials',
  access: summaryStaff,
  request: z.object({
    credentials_token: z
      .string({ error: VALIDATION.required })
      .min(1, { error: VALIDATION.required })
      .max(LIMITS.token),
  }),
  response: ZSuccess,
  errors: ['NotFound'],
});
