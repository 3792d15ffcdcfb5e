import { z } from 'zod';
import { ZSuccess } from '../auth/calls';
import { ZConnectSession } from '../connections/calls';
import { ZLocaleCode } from '../locales/locale-schema';
import { defineCall } from '../shared/define-call';
import { LIMITS, NAME_CHARACTERS, VALIDATION, zSearch, zText, zUrl } from '../shared/validation';
import { LINK_PAGE_SIZE, LINK_STATUSES } from './constants';
import * as routes from './routes';

export * from './constants';

const ZToken = z
  .string({ error: VALIDATION.required })
  .min(1, { error: VALIDATION.required })
  .max(LIMITS.token);

export const ZLink = z.object({
  name: z.string(),
  token: z.string(),
  /** The public URL to hand to end customers (LINK_BASE_URL/link/{token}). */
  url: z.string(),
  redirect_uri: z.string(),
  /** Codes handed out and not yet exchanged (nor expired). */
  pending_code_count: z.number().int(),
  company_name: z.string(),
  terms_and_conditions_url: z.string().nullable(),
  privacy_policy_url: z.string().nullable(),
  active: z.boolean(),
  created_at: z.string(),
});
export type Link = z.infer<typeof ZLink>;

/** Blank optional fields are "not set" (null), so a cleared input removes the customisation. */
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** Characters a browser reads differently from what staff typed (`/\evil.test` is `//evil.test`). */
function hasAmbiguousCharacters(value: string): boolean {
  return value.includes('\\') || [...value].some((c) => c.charCodeAt(0) <= 0x20 || c.charCodeAt(0) === 0x7f);
}

/** `scheme://authority` at the start of an absolute URL; a portal path has no authority. */
const AUTHORITY = /^[a-z][a-z\d+.-]*:\/\/([^/?#]*)/i;

/**
 * Credentials in the URL (`https://user:pw@host/`): the visitor's browser would carry them, with the
 * code appended, to wherever they name; and `https://portal@evil.test/` reads as the portal's.
 */
function hasUserinfo(value: string): boolean {
  return AUTHORITY.exec(value)?.[1]?.includes('@') ?? false;
}

/**
 * A `.` or `..` path segment, also percent-encoded (`%2e`): the browser resolves it, so
 * `/link-callback/../admin` lands visitors, code and all, on `/admin`, not where staff seem to send them.
 */
function hasDotSegments(value: string): boolean {
  const path = value.replace(AUTHORITY, '').split(/[?#]/, 1)[0] ?? '';
  return path.split('/').some((segment) => {
    const decoded = segment.replace(/%2e/gi, '.');
    return decoded === '.' || decoded === '..';
  });
}

/**
 * Optional: a path on the portal (`/link-callback`) or any absolute http(s) URL; without credentials
 * nor dot segments, so where the visitor lands (with the code) is what the field reads.
 */
const ZRedirectUri = z.preprocess(
  blankToNull,
  zUrl({ allowPath: true })
    .refine((value) => !hasAmbiguousCharacters(value), { error: VALIDATION.url })
    .refine((value) => !hasUserinfo(value) && !hasDotSegments(value), { error: VALIDATION.url })
    .nullish(),
);
/** Optional: an absolute http(s) URL of a document the visitor accepts. */
const ZDocumentUrl = z.preprocess(
  blankToNull,
  zUrl()
    .refine((value) => !hasAmbiguousCharacters(value), { error: VALIDATION.url })
    .nullish(),
);

export const ZLinkForm = z.object({
  name: zText({ max: LIMITS.name, allowed: NAME_CHARACTERS }),
  redirect_uri: ZRedirectUri,
  terms_and_conditions_url: ZDocumentUrl,
  privacy_policy_url: ZDocumentUrl,
});
export type LinkForm = z.input<typeof ZLinkForm>;

export const ZLinkListRequest = z
  .object({
    search: zSearch().optional(),
    status: z.enum(LINK_STATUSES).optional(),
    /** 1-based. Without `page`, the whole list is answered, as the spec's call does. */
    page: z.number().int().min(1).max(100_000).optional(),
    page_size: z.number().int().min(1).max(LINK_PAGE_SIZE.max).optional(),
  })
  .optional();

export const ZLinkList = z.array(ZLink);

export const listLinks = defineCall(routes.listLinks, { request: ZLinkListRequest, response: ZLinkList });

export const createLink = defineCall(routes.createLink, { request: ZLinkForm, response: ZLink });

/**
 * The Link as the edit form loaded it (optional; the portal sends it on a first save): when the Link has
 * changed since, the edit is refused with Conflict instead of silently undoing the other change.
 */
export const ZLinkSnapshot = z.object({
  name: z.string().max(LIMITS.name * 4),
  redirect_uri: z.string().max(LIMITS.url * 4),
  terms_and_conditions_url: z
    .string()
    .max(LIMITS.url * 4)
    .nullable(),
  privacy_policy_url: z
    .string()
    .max(LIMITS.url * 4)
    .nullable(),
});
export type LinkSnapshot = z.infer<typeof ZLinkSnapshot>;

export const ZLinkEditRequest = ZLinkForm.extend({ token: ZToken, expected: ZLinkSnapshot.optional() });

export const editLink = defineCall(routes.editLink, { request: ZLinkEditRequest, response: ZLink });

export const ZLinkRef = z.object({ token: ZToken });

export const pauseLink = defineCall(routes.pauseLink, { request: ZLinkRef, response: ZLink });

export const resumeLink = defineCall(routes.resumeLink, { request: ZLinkRef, response: ZLink });

export const deleteLink = defineCall(routes.deleteLink, { request: ZLinkRef, response: ZSuccess });

export const ZLinkCode = z.object({
  code: z.string({ error: VALIDATION.required }).trim().min(1, { error: VALIDATION.required }).max(200),
});

export const linkCallback = defineCall(routes.linkCallback, { request: ZLinkCode, response: ZSuccess });

/** What a spent code gives its company: the credential the visitor connected through the Link. */
export const ZLinkCodeExchange = z.object({
  credentials_token: z.string(),
  /** The entity (institution) id. */
  bank: z.string(),
  client_id: z.string().nullable(),
  link_token: z.string(),
  link_name: z.string(),
  connected_at: z.string(),
  /** The Link URL's `?state=` the visit came with (null without one), as the redirect carried it. */
  state: z.string().nullable(),
});
export type LinkCodeExchange = z.infer<typeof ZLinkCodeExchange>;

export const exchangeLinkCode = defineCall(routes.exchangeLinkCode, {
  request: ZLinkCode,
  response: ZLinkCodeExchange,
});

// The hosted Link page: public, authorised only by the Link's token in the URL.

export const ZLinkSession = z.object({
  company_name: z.string(),
  terms_and_conditions_url: z.string().nullable(),
  privacy_policy_url: z.string().nullable(),
  /** The company's custom CSS, already sanitised; null when it has none. */
  custom_css: z.string().nullable(),
  /** A one-time connect token minted for this visitor; the connect calls take it. */
  connect_token: z.string(),
  session: ZConnectSession,
});
export type LinkSession = z.infer<typeof ZLinkSession>;

/** Longest `state` a Link's page passes back to its redirect URI. */
export const LINK_STATE_MAX_LENGTH = 512;

/**
 * The integrator's own value from the Link URL's `?state=` (as OAuth's `state`): opaque to us, handed
 * back untouched beside the `code` on the redirect, so the company can tie the return to the visit it
 * started and refuse a return it did not start. Printable ASCII without spaces, as a URL parameter is.
 */
export const ZLinkState = z
  .string()
  .min(1, { error: VALIDATION.invalid })
  .max(LINK_STATE_MAX_LENGTH, { error: VALIDATION.invalid })
  .regex(/^[\x21-\x7e]+$/, { error: VALIDATION.invalid });

export const ZStartLinkSessionRequest = z.object({
  token: ZToken,
  language: ZLocaleCode.optional(),
  connect_token: ZToken.optional(),
  state: ZLinkState.optional(),
});

export const startLinkSession = defineCall(routes.startLinkSession, {
  request: ZStartLinkSessionRequest,
  response: ZLinkSession,
});
