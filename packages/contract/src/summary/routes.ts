import type { ZSuccess } from '../auth/calls';
import { defineRoute } from '../shared/call-route';
import type { ZOptionalEmptyBody } from '../shared/empty-bodies';
import type * as schemas from './calls';

export type { ConsentCounts, Summary, SummaryCounts, SummaryCredential, SummaryEntity } from './calls';
export * from './constants';

/** The dashboard is company-wide (every client, unassigned credentials too): staff only, never portal users. */
const summaryStaff = { kind: 'session', module: 'summary', staffOnly: true } as const;

export const getSummary = defineRoute<typeof ZOptionalEmptyBody, typeof schemas.ZSummary>()({
  path: '/platform/summary/get-summary',
  access: summaryStaff,
  errors: [],
});

/** The summary's consent card: consents ending within 14 days and ended ones, company-wide. */
export const getConsentCounts = defineRoute<typeof ZOptionalEmptyBody, typeof schemas.ZConsentCounts>()({
  path: '/platform/summary/get-consent-counts',
  access: summaryStaff,
  errors: [],
});

/** Deletes a credential of the company with its holders and products (as credentials-delete does). */
export const deleteCredentials = defineRoute<typeof schemas.ZDeleteCredentialsRequest, typeof ZSuccess>()({
  path: '/platform/summary/delete-credentials',
  audit: { action: 'delete-credentials', targets: { credential: { request: 'credentials_token' } } },
  access: summaryStaff,
  errors: ['NotFound'],
});
