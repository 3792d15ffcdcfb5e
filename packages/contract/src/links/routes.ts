import type { ZSuccess } from '../auth/calls';
import { defineRoute } from '../shared/call-route';
import type * as schemas from './calls';

export type { Link, LinkCodeExchange, LinkForm, LinkSession, LinkSnapshot } from './calls';
export * from './constants';

/** Links are configured by staff only; portal users never see them. */
const linksStaff = { kind: 'session', module: 'links', staffOnly: true } as const;

/** The company's Links by name; the total number of matches travels in `x-total-count`. */
export const listLinks = defineRoute<typeof schemas.ZLinkListRequest, typeof schemas.ZLinkList>()({
  path: '/platform/links/list-links',
  access: linksStaff,
  errors: [],
  totalCountHeader: true,
});

export const createLink = defineRoute<typeof schemas.ZLinkForm, typeof schemas.ZLink>()({
  path: '/platform/links/create-link',
  audit: {
    action: 'create-link',
    targets: { link: { response: 'token' } },
    fields: ['name', 'redirect_uri', 'terms_and_conditions_url', 'privacy_policy_url'],
  },
  access: linksStaff,
  errors: ['DuplicatedName'],
});

export const editLink = defineRoute<typeof schemas.ZLinkEditRequest, typeof schemas.ZLink>()({
  path: '/platform/links/edit-link',
  audit: {
    action: 'edit-link',
    targets: { link: { request: 'token' } },
    fields: ['name', 'redirect_uri', 'terms_and_conditions_url', 'privacy_policy_url'],
  },
  access: linksStaff,
  errors: ['DuplicatedName', 'NotFound'],
});

/** Only an active Link can be paused: its public page is then blocked (its pending codes still work). */
export const pauseLink = defineRoute<typeof schemas.ZLinkRef, typeof schemas.ZLink>()({
  path: '/platform/links/pause-link',
  audit: { action: 'pause-link', targets: { link: { request: 'token' } } },
  access: linksStaff,
  errors: ['NotFound', 'LinkAlreadyPaused'],
});

/** Only a paused Link can be resumed. */
export const resumeLink = defineRoute<typeof schemas.ZLinkRef, typeof schemas.ZLink>()({
  path: '/platform/links/resume-link',
  audit: { action: 'resume-link', targets: { link: { request: 'token' } } },
  access: linksStaff,
  errors: ['NotFound', 'LinkAlreadyActive'],
});

/** Only a Link without pending codes can be deleted; its URL then answers 404. */
export const deleteLink = defineRoute<typeof schemas.ZLinkRef, typeof ZSuccess>()({
  path: '/platform/links/delete-link',
  audit: { action: 'delete-link', targets: { link: { request: 'token' } } },
  access: linksStaff,
  errors: ['NotFound', 'LinkHasPendingCodes'],
});

/**
 * Public: where the Link's visitor lands. It only checks the code (valid and unexpired: success;
 * anything else: 404 InvalidLinkCode) and never spends it.
 */
export const linkCallback = defineRoute<typeof schemas.ZLinkCode, typeof ZSuccess>()({
  path: '/platform/link-callback',
  access: { kind: 'public' },
  errors: ['InvalidLinkCode', 'RateLimited'],
});

/**
 * The company exchanges a code: it is spent (once, whoever races), the Link's pending count drops, and
 * the answer names the new credential. A code of another company is simply invalid.
 */
export const exchangeLinkCode = defineRoute<typeof schemas.ZLinkCode, typeof schemas.ZLinkCodeExchange>()({
  path: '/platform/links/exchange-code',
  audit: {
    action: 'exchange-code',
    targets: { credential: { response: 'credentials_token' }, link: { response: 'link_token' } },
  },
  access: linksStaff,
  errors: ['InvalidLinkCode'],
});

// The hosted Link page: public, authorised only by the Link's token in the URL.

/**
 * Opens (or resumes, with the `connect_token` of this visitor's earlier start) a connect session for a
 * Link's visitor. A paused Link answers LinkPaused; a deleted or unknown one NotFound.
 */
export const startLinkSession = defineRoute<
  typeof schemas.ZStartLinkSessionRequest,
  typeof schemas.ZLinkSession
>()({
  path: '/v0/links/start-session',
  access: { kind: 'public' },
  errors: ['NotFound', 'LinkPaused', 'CompanyDisabled', 'InvalidConnectToken', 'RateLimited'],
});
