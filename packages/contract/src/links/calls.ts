import { z } from 'zod';
import { ZSuccess } from '../auth/calls';
import { ZConnectSession } from '../connections/calls';
import { ZLocaleCode } from '../locales/locales';
import { defineCall } from '../shared/define-call';
import { LIMITS, NAME_CHARACTERS, VALIDATION, zText, zUrl } from '../shared/validation';

/** Links are configured by staff only; portal users never see them. */
const linksStaff = { kind: 'session', module: 'links', staffOnly: true } as const;
const ZToken = z
  .string({ error: VALIDATION.required })
  .min(1, { error: VALIDATION.required })
  .max(LIMITS.token);

/** Spec section 9: where a Link sends its visitor back when staff set nothing else. */
export const DEFAULT_LINK_REDIRECT_URI = '/link-callback';
/** A code not exchanged within this time is no longer valid (and no longer pending). */
export const LINK_CODE_TTL_MS = 10 * 60 * 1000;
export const LINK_PAGE_SIZE = { default: 25, max: 100 } as const;
export const LINK_STATUSES = ['active', 'paused'] as const;

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

/** Optional: a path on the portal (`/link-callback`) or any absolute http(s) URL. */
const ZRedirectUri = z.preprocess(
  blankToNull,
  zUrl({ allowPath: true })
    .refine((value) => !hasAmbiguousCharacters(value), { error: VALIDATION.url })
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
    search: z.string().trim().max(LIMITS.name).optional(),
    status: z.enum(LINK_STATUSES).optional(),
    /** 1-based. Without `page`, the whole list is answered, as the spec's call does. */
    page: z.number().int().min(1).max(100_000).optional(),
    page_size: z.number().int().min(1).max(LINK_PAGE_SIZE.max).optional(),
  })
  .optional();

/** The company's Links by name; the total number of matches travels in `x-total-count`. */
export const listLinks = defineCall({
  path: '/platform/links/list-links',
  access: linksStaff,
  request: ZLinkListRequest,
  response: z.array(ZLink),
  errors: [],
  totalCountHeader: true,
});

export const createLink = defineCall({
  path: '/platform/links/create-link',
  access: linksStaff,
  request: ZLinkForm,
  response: ZLink,
  errors: ['DuplicatedName'],
});

export const editLink = defineCall({
  path: '/platform/links/edit-link',
  access: linksStaff,
  request: ZLinkForm.extend({ token: ZToken }),
  response: ZLink,
  errors: ['DuplicatedName', 'NotFound'],
});

export const ZLinkRef = z.object({ token: ZToken });

/** Only an active Link can be paused: its public page is then blocked (its pending codes still work). */
export const pauseLink = defineCall({
  path: '/platform/links/pause-link',
  access: linksStaff,
  request: ZLinkRef,
  response: ZLink,
  errors: ['NotFound', 'LinkAlreadyPaused'],
});

/** Only a paused Link can be resumed. */
export const resumeLink = defineCall({
  path: '/platform/links/resume-link',
  access: linksStaff,
  request: ZLinkRef,
  response: ZLink,
  errors: ['NotFound', 'LinkAlreadyActive'],
});

/** Only a Link without pending codes can be deleted; its URL then answers 404. */
export const deleteLink = defineCall({
  path: '/platform/links/delete-link',
  access: linksStaff,
  request: ZLinkRef,
  response: ZSuccess,
  errors: ['NotFound', 'LinkHasPendingCodes'],
});

export const ZLinkCode = z.object({
  code: z.string({ error: VALIDATION.required }).trim().min(1, { error: VALIDATION.required }).max(200),
});

/**
 * Public: where the Link's visitor lands. It only checks the code (valid and unexpired: success;
 * anything else: 404 InvalidLinkCode) and never spends it.
 */
export const linkCallback = defineCall({
  path: '/platform/link-callback',
  access: { kind: 'public' },
  request: ZLinkCode,
  response: ZSuccess,
  errors: ['InvalidLinkCode'],
});

/** What a spent code gives its company: the credential the visitor connected through the Link. */
export const ZLinkCodeExchange = z.object({
  credentials_token: z.string(),
  /** The entity (institution) id. */
  bank: z.string(),
  client_id: z.string().nullable(),
  link_token: z.string(),
  link_name: z.string(),
  connected_at: z.string(),
});
export type LinkCodeExchange = z.infer<typeof ZLinkCodeExchange>;

/**
 * The company exchanges a code: it is spent (once, whoever races), the Link's pending count drops, and
 * the answer names the new credential. A code of another company is simply invalid.
 */
export const exchangeLinkCode = defineCall({
  path: '/platform/links/exchange-code',
  access: linksStaff,
  request: ZLinkCode,
  response: ZLinkCodeExchange,
  errors: ['InvalidLinkCode'],
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

/**
 * Opens (or resumes, with the `connect_token` of this visitor's earlier start) a connect session for a
 * Link's visitor. A paused Link answers LinkPaused; a deleted or unknown one NotFound.
 */
export const startLinkSession = defineCall({
  path: '/v0/links/start-session',
  access: { kind: 'public' },
  request: z.object({
    token: ZToken,
    language: ZLocaleCode.optional(),
    connect_token: ZToken.optional(),
  }),
  response: ZLinkSession,
  errors: ['NotFound', 'LinkPaused'],
});
