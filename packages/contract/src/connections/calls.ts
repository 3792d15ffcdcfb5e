import { z } from 'zod';
import { ZSuccess } from '../auth/calls';
import { ZLocaleCode } from '../locales/locale-schema';
import { ZEntity } from '../platform/calls';
import { defineCall } from '../shared/define-call';
import { ZOptionalEmptyBody } from '../shared/empty-bodies';
import { LIMITS, VALIDATION, zEmail, zSearch, zUrl } from '../shared/validation';
import { CONSENT_FILTERS, CONSENT_STATES } from './consent-state';
import { CONNECT_MODES, CREDENTIAL_PAGE_SIZE, CREDENTIAL_SORTS } from './constants';
import { CREDENTIAL_ERRORS } from './credential-state';
import * as routes from './routes';

export * from './constants';

const ZToken = z
  .string({ error: VALIDATION.required })
  .min(1, { error: VALIDATION.required })
  .max(LIMITS.token);

export const ZCredentialError = z.enum(CREDENTIAL_ERRORS);

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

/** One connected credential (spec: credentials_token, bank, status), with its client when assigned. */
export const ZCredentialInformation = z.object({
  credentials_token: z.string(),
  /** The entity (institution) id. */
  bank: z.string(),
  status: ZCredentialStatus,
  client_id: z.string().nullable(),
  client_name: z.string().nullable(),
  products_count: z.number().int(),
  created_at: z.string(),
  /**
   * The holder's consent (beside the spec's status: needsAction never reads it): when it ends (ISO),
   * days left counting a day begun (0 once expired) and its state (expiring within 14 days, expired).
   */
  consent_expires_at: z.string(),
  consent_days_left: z.number().int(),
  consent_state: z.enum(CONSENT_STATES),
});
export type CredentialInformation = z.infer<typeof ZCredentialInformation>;

export const ZCredentialsInformationRequest = z
  .object({
    bank: z.string().max(64).optional(),
    /** Only this client's credentials (the client's page). */
    client_id: z.string().max(64).optional(),
    /** Only consents expiring within 14 days (not yet expired), or only expired ones. */
    consent: z.enum(CONSENT_FILTERS).optional(),
    /** Part of a holder's name, document or email, of the client's name or alias, or of the token. */
    search: zSearch().optional(),
    sort: z.enum(CREDENTIAL_SORTS).optional(),
    order: z.enum(['asc', 'desc']).optional(),
    /**
     * 1-based. Without `page` the whole (filtered) list is answered, as the spec's call does with an empty
     * body; with it, one page, and the number of matches in `x-total-count` (decision 0052).
     */
    page: z.number().int().min(1).max(100_000).optional(),
    page_size: z.number().int().min(1).max(CREDENTIAL_PAGE_SIZE.max).optional(),
  })
  .optional();
export const ZCredentialInformationList = z.array(ZCredentialInformation);

export const getCredentialsInformation = defineCall(routes.getCredentialsInformation, {
  request: ZCredentialsInformationRequest,
  response: ZCredentialInformationList,
});

/**
 * Credentials counted as the summary cards show them: blocked, needing action (deriveCredentialState:
 * blocked, or an SCA token whose last success is older than 20 h or never was) and holding an SCA token
 * (stale or not). `total` counts them all.
 */
export const ZCredentialCountFigures = z.object({
  total: z.number().int(),
  blocked: z.number().int(),
  needs_action: z.number().int(),
  pending_sca: z.number().int(),
});
export type CredentialCountFigures = z.infer<typeof ZCredentialCountFigures>;

/** One institution with credentials: its counts and its newest successful update (ISO), null if none. */
export const ZEntityCredentialCounts = z.object({
  entity_id: z.string(),
  ...ZCredentialCountFigures.shape,
  last_update: z.string().nullable(),
});
export type EntityCredentialCounts = z.infer<typeof ZEntityCredentialCounts>;

export const ZCredentialCounts = z.object({
  counts: ZCredentialCountFigures,
  /** Institutions having at least one credential, by entity id. */
  entities: z.array(ZEntityCredentialCounts),
});
export type CredentialCounts = z.infer<typeof ZCredentialCounts>;

export const getCredentialCounts = defineCall(routes.getCredentialCounts, {
  request: ZOptionalEmptyBody,
  response: ZCredentialCounts,
});

export const ZHolderIdentity = z.object({
  id: z.string(),
  name: z.string(),
  document: z.string().nullable(),
  email: z.string().nullable(),
});

export const ZCredentialsIdentityRequest = z.object({ credentials_tokens: z.array(ZToken).min(1).max(200) });
export const ZCredentialIdentities = z.array(
  z.object({ credentials_token: z.string(), holders: z.array(ZHolderIdentity) }),
);

export const getCredentialsIdentity = defineCall(routes.getCredentialsIdentity, {
  request: ZCredentialsIdentityRequest,
  response: ZCredentialIdentities,
});

export const ZProductHolder = z.object({
  holder: z.string(),
  holder_document: z.string().nullable(),
  product: z.string(),
  product_id: z.string(),
  product_kind: z.enum(['account', 'portfolio', 'liability']),
  relation: z.string(),
});

export const ZProductHolderList = z.array(ZProductHolder);
export const ZCredentialRef = z.object({ credentials_token: ZToken });

export const getCredentialsProductHolders = defineCall(routes.getCredentialsProductHolders, {
  request: ZCredentialRef,
  response: ZProductHolderList,
});

export const credentialsDelete = defineCall(routes.credentialsDelete, {
  request: ZCredentialRef,
  response: ZSuccess,
});

export const credentialsRefresh = defineCall(routes.credentialsRefresh, {
  request: ZCredentialRef,
  response: ZCredentialInformation,
});

export const ZConnectLink = z.object({ token: z.string(), url: z.string(), expires_at: z.string() });

export const ZCreateConnectLinkRequest = z.object({
  redirect_uri: zUrl({ allowPath: true }),
  client_id: z.string().max(64).nullish(),
  credentials_token: ZToken.optional(),
  language: ZLocaleCode.optional(),
});

export const createConnectLink = defineCall(routes.createConnectLink, {
  request: ZCreateConnectLinkRequest,
  response: ZConnectLink,
});

export const ZCredentialsForceResetRequest = z.object({
  credentials_token: ZToken,
  redirect_uri: zUrl({ allowPath: true }).optional(),
  /** The language of the hosted pages and of the default return path; the caller's, es when absent. */
  language: ZLocaleCode.optional(),
});
export const ZForceResetLink = ZConnectLink.omit({ token: true }).extend({ reset_token: z.string() });

export const credentialsForceReset = defineCall(routes.credentialsForceReset, {
  request: ZCredentialsForceResetRequest,
  response: ZForceResetLink,
});

export const ZConsentRenewalRequest = z.object({
  credentials_token: ZToken,
  /** Mail the link to this address (the holder's, editable by staff); absent: only answer it, to copy. */
  send_to: zEmail().optional(),
  /** The language of the hosted page and of the mail; absent: the holder's last visit's, else the company's. */
  language: ZLocaleCode.optional(),
});
export const ZConsentRenewalLink = z.object({
  url: z.string(),
  expires_at: z.string(),
  /** The address the link was mailed to, null when only answered. */
  sent_to: z.string().nullable(),
});
export type ConsentRenewalLink = z.infer<typeof ZConsentRenewalLink>;

export const createConsentRenewalLink = defineCall(routes.createConsentRenewalLink, {
  request: ZConsentRenewalRequest,
  response: ZConsentRenewalLink,
});

// Hosted connect pages: public, authorised only by the one-time token in the body.

export const ZSandboxCredential = z.object({
  outcome: z.enum(['success', 'sca', 'invalid_access', 'blocked', 'down']),
  username: z.string(),
  password: z.string(),
  code: z.string().nullable(),
});

export const ZConnectSession = z.object({
  mode: z.enum(CONNECT_MODES),
  company_name: z.string(),
  /** Fixed in reset and SCA modes; null when the visitor picks the institution. */
  entity_id: z.string().nullable(),
  entities: z.array(ZEntity),
  /** Whether the institution is waiting for an SCA code in this session. */
  awaiting_sca: z.boolean(),
  /** Sandbox mode lists the test credentials that drive every outcome. */
  sandbox_credentials: z.array(ZSandboxCredential),
  terms_and_conditions_url: z.string().nullable(),
  privacy_policy_url: z.string().nullable(),
  expires_at: z.string(),
  /** The company's sanitised custom CSS the page wears (shared/branding), null when none. */
  custom_css: z.string().nullable(),
  /** Institutions the company's own recent outcomes show as degraded or down (the rest are operational). */
  institution_states: z
    .array(z.object({ entity_id: z.string(), state: z.enum(['degraded', 'down']) }))
    .default([]),
});
export type ConnectSession = z.infer<typeof ZConnectSession>;

export const ZConnectTokenRef = z.object({ token: ZToken });

export const getConnectSession = defineCall(routes.getConnectSession, {
  request: ZConnectTokenRef,
  response: ZConnectSession,
});

export const ZConnectStep = z.discriminatedUnion('status', [
  z.object({ status: z.literal('done'), redirect_to: z.string() }),
  z.object({ status: z.literal('sca_required') }),
]);

export const ZConnectCredentialsRequest = z.object({
  token: ZToken,
  entity_id: z.string({ error: VALIDATION.required }).min(1, { error: VALIDATION.required }).max(64),
  username: z.string({ error: VALIDATION.required }).trim().min(1, { error: VALIDATION.required }).max(200),
  password: z.string({ error: VALIDATION.required }).min(1, { error: VALIDATION.required }).max(200),
  accept_terms: z.literal(true, { error: VALIDATION.required }),
  /** The page's language: the holder's reminders are written in it. */
  language: ZLocaleCode.optional(),
});

export const submitConnectCredentials = defineCall(routes.submitConnectCredentials, {
  request: ZConnectCredentialsRequest,
  response: ZConnectStep,
});

export const ZConnectScaRequest = z.object({
  token: ZToken,
  code: z.string({ error: VALIDATION.required }).trim().min(1, { error: VALIDATION.required }).max(32),
  /** The page's language: the holder's reminders are written in it. */
  language: ZLocaleCode.optional(),
});

export const submitConnectSca = defineCall(routes.submitConnectSca, {
  request: ZConnectScaRequest,
  response: ZConnectStep,
});

export const ZChooseInstitutionRequest = z.object({
  token: ZToken,
  entity_id: z.string({ error: VALIDATION.required }).min(1, { error: VALIDATION.required }).max(64),
});

export const chooseConnectInstitution = defineCall(routes.chooseConnectInstitution, {
  request: ZChooseInstitutionRequest,
  response: ZSuccess,
});
