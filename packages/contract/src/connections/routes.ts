import type { ZSuccess } from '../auth/calls';
import { defineRoute } from '../shared/call-route';
import type { ZOptionalEmptyBody } from '../shared/empty-bodies';
import type * as schemas from './calls';

export type {
  ConnectSession,
  ConsentRenewalLink,
  CredentialCountFigures,
  CredentialCounts,
  CredentialInformation,
  EntityCredentialCounts,
} from './calls';
export * from './constants';

const wealth = { kind: 'session', module: 'wealth' } as const;
const wealthStaff = { kind: 'session', module: 'wealth', staffOnly: true } as const;

/**
 * Every credential of the company (of the assigned clients, for a portal user); `bank` narrows to one
 * entity, `client_id` to one client. With `page`, one page searched and sorted in the database, the
 * number of matches in `x-total-count` (decision 0052).
 */
export const getCredentialsInformation = defineRoute<
  typeof schemas.ZCredentialsInformationRequest,
  typeof schemas.ZCredentialInformationList
>()({
  path: '/platform/wealth/get-credentials-information',
  access: wealth,
  errors: [],
  totalCountHeader: true,
});

/**
 * The connections summary's figures, counted in the database over the credentials the empty-body list
 * answers (same scope): the four counts and one row per institution (decision 0057).
 */
export const getCredentialCounts = defineRoute<typeof ZOptionalEmptyBody, typeof schemas.ZCredentialCounts>()(
  {
    path: '/platform/wealth/get-credential-counts',
    access: wealth,
    errors: [],
  },
);

export const getCredentialsIdentity = defineRoute<
  typeof schemas.ZCredentialsIdentityRequest,
  typeof schemas.ZCredentialIdentities
>()({
  path: '/platform/wealth/get-credentials-identity',
  access: wealth,
  errors: [],
});

export const getCredentialsProductHolders = defineRoute<
  typeof schemas.ZCredentialRef,
  typeof schemas.ZProductHolderList
>()({
  path: '/platform/wealth/get-credentials-product-holders',
  access: wealth,
  errors: ['NotFound'],
});

/** Deletes the credential with its holders and products. */
export const credentialsDelete = defineRoute<typeof schemas.ZCredentialRef, typeof ZSuccess>()({
  path: '/platform/wealth/credentials-delete',
  audit: { action: 'credentials-delete', targets: { credential: { request: 'credentials_token' } } },
  access: wealthStaff,
  errors: ['NotFound'],
});

/** Queues a refresh through the connector now, instead of waiting for the scheduler. */
export const credentialsRefresh = defineRoute<
  typeof schemas.ZCredentialRef,
  typeof schemas.ZCredentialInformation
>()({
  path: '/platform/wealth/credentials-refresh',
  audit: { action: 'credentials-refresh', targets: { credential: { request: 'credentials_token' } } },
  access: wealthStaff,
  errors: ['NotFound', 'ConsentExpired'],
});

/**
 * A consent renewal link for the credential's holder (7 days, single use): mailed to `send_to`, or only
 * answered for staff to copy. It opens the hosted flow on the same credential and asks for SCA; the
 * credentials_token stays, the consent's end date starts again. A new link replaces the live one.
 */
export const createConsentRenewalLink = defineRoute<
  typeof schemas.ZConsentRenewalRequest,
  typeof schemas.ZConsentRenewalLink
>()({
  path: '/platform/wealth/create-consent-renewal-link',
  audit: {
    action: 'create-consent-renewal-link',
    targets: { credential: { request: 'credentials_token' } },
    fields: ['send_to', 'language'],
  },
  access: wealthStaff,
  errors: ['NotFound'],
});

/**
 * A one-time hosted connect URL. `redirect_uri` is our connections page with the `fromlink` marker;
 * with `credentials_token` the page only asks for the SCA code of that credential (reauthorisation).
 */
export const createConnectLink = defineRoute<
  typeof schemas.ZCreateConnectLinkRequest,
  typeof schemas.ZConnectLink
>()({
  path: '/platform/wealth/create-connect-link',
  audit: {
    action: 'create-connect-link',
    targets: { client: { request: 'client_id' }, credential: { request: 'credentials_token' } },
    fields: ['client_id', 'redirect_uri', 'language'],
  },
  access: wealthStaff,
  errors: ['NotFound'],
});

/** A one-time URL that opens the same flow in reset mode: new username/password, same credentials_token. */
export const credentialsForceReset = defineRoute<
  typeof schemas.ZCredentialsForceResetRequest,
  typeof schemas.ZForceResetLink
>()({
  path: '/platform/wealth/credentials-force-reset',
  audit: {
    action: 'credentials-force-reset',
    targets: { credential: { request: 'credentials_token' } },
    fields: ['redirect_uri', 'language'],
  },
  access: wealthStaff,
  errors: ['NotFound'],
});

// Hosted connect pages: public, authorised only by the one-time token in the body.

export const getConnectSession = defineRoute<
  typeof schemas.ZConnectTokenRef,
  typeof schemas.ZConnectSession
>()({
  path: '/v0/connect/get-session',
  access: { kind: 'public' },
  errors: ['InvalidConnectToken', 'RateLimited'],
});

export const submitConnectCredentials = defineRoute<
  typeof schemas.ZConnectCredentialsRequest,
  typeof schemas.ZConnectStep
>()({
  path: '/v0/connect/submit-credentials',
  audit: { action: 'submit-credentials', fields: ['entity_id', 'accept_terms'] },
  access: { kind: 'public' },
  errors: [
    'InvalidConnectToken',
    'InvalidAccess',
    'CredentialsBlocked',
    'InstitutionDown',
    'NotFound',
    'LinkPaused',
    'RateLimited',
    // Wrong passwords past the caps per link and per login (connect-flow.ts): the flow stops.
    'TooManyPasswordTries',
  ],
});

export const submitConnectSca = defineRoute<typeof schemas.ZConnectScaRequest, typeof schemas.ZConnectStep>()(
  {
    path: '/v0/connect/submit-sca',
    audit: { action: 'submit-sca' },
    access: { kind: 'public' },
    errors: [
      'InvalidConnectToken',
      'InvalidScaCode',
      'InstitutionDown',
      'NotFound',
      'LinkPaused',
      'RateLimited',
    ],
  },
);

/** The visitor picked an institution (a funnel step, decision 0034): recorded, nothing else changes. */
export const chooseConnectInstitution = defineRoute<
  typeof schemas.ZChooseInstitutionRequest,
  typeof ZSuccess
>()({
  path: '/v0/connect/choose-institution',
  access: { kind: 'public' },
  errors: ['InvalidConnectToken', 'NotFound'],
});
