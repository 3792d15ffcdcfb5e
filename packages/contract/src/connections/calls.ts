import { z } from 'zod';
import { ZSuccess } from '../auth/calls';
import { ZLocaleCode } from '../locales/locales';
import { ZEntity } from '../platform/calls';
import { defineCall } from '../shared/define-call';
import { LIMITS, VALIDATION, zUrl } from '../shared/validation';
import { ZCredentialStatus } from './credential-state';

const wealth = { kind: 'session', module: 'wealth' } as const;
const wealthStaff = { kind: 'session', module: 'wealth', staffOnly: true } as const;
const ZToken = z
  .string({ error: VALIDATION.required })
  .min(1, { error: VALIDATION.required })
  .max(LIMITS.token);

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
});
export type CredentialInformation = z.infer<typeof ZCredentialInformation>;

/** Every credential of the company (of the assigned clients, for a portal user); `bank` narrows to one entity. */
export const getCredentialsInformation = defineCall({
  path: '/platform/wealth/get-credentials-information',
  access: wealth,
  request: z.object({ bank: z.string().max(64).optional() }).optional(),
  response: z.array(ZCredentialInformation),
  errors: [],
});

export const ZHolderIdentity = z.object({
  id: z.string(),
  name: z.string(),
  document: z.string().nullable(),
  email: z.string().nullable(),
});

export const getCredentialsIdentity = defineCall({
  path: '/platform/wealth/get-credentials-identity',
  access: wealth,
  request: z.object({ credentials_tokens: z.array(ZToken).min(1).max(200) }),
  response: z.array(z.object({ credentials_token: z.string(), holders: z.array(ZHolderIdentity) })),
  errors: [],
});

export const ZProductHolder = z.object({
  holder: z.string(),
  holder_document: z.string().nullable(),
  product: z.string(),
  product_id: z.string(),
  product_kind: z.enum(['account', 'portfolio', 'liability']),
  relation: z.string(),
});

export const getCredentialsProductHolders = defineCall({
  path: '/platform/wealth/get-credentials-product-holders',
  access: wealth,
  request: z.object({ credentials_token: ZToken }),
  response: z.array(ZProductHolder),
  errors: ['NotFound'],
});

/** Deletes the credential with its holders and products. */
export const credentialsDelete = defineCall({
  path: '/platform/wealth/credentials-delete',
  access: wealthStaff,
  request: z.object({ credentials_token: ZToken }),
  response: ZSuccess,
  errors: ['NotFound'],
});

/** Queues a refresh through the connector now, instead of waiting for the scheduler. */
export const credentialsRefresh = defineCall({
  path: '/platform/wealth/credentials-refresh',
  access: wealthStaff,
  request: z.object({ credentials_token: ZToken }),
  response: ZCredentialInformation,
  errors: ['NotFound'],
});

/** A one-time connect URL lives this long (and dies at first use). */
export const CONNECT_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

export const ZConnectLink = z.object({ token: z.string(), url: z.string(), expires_at: z.string() });

/**
 * A one-time hosted connect URL. `redirect_uri` is our connections page with the `fromlink` marker;
 * with `credentials_token` the page only asks for the SCA code of that credential (reauthorisation).
 */
export const createConnectLink = defineCall({
  path: '/platform/wealth/create-connect-link',
  access: wealthStaff,
  request: z.object({
    redirect_uri: zUrl({ allowPath: true }),
    client_id: z.string().max(64).nullish(),
    credentials_token: ZToken.optional(),
    language: ZLocaleCode.optional(),
  }),
  response: ZConnectLink,
  errors: ['NotFound'],
});

/** A one-time URL that opens the same flow in reset mode: new username/password, same credentials_token. */
export const credentialsForceReset = defineCall({
  path: '/platform/wealth/credentials-force-reset',
  access: wealthStaff,
  request: z.object({
    credentials_token: ZToken,
    redirect_uri: zUrl({ allowPath: true }).optional(),
    /** The language of the hosted pages and of the default return path; the caller's, es when absent. */
    language: ZLocaleCode.optional(),
  }),
  response: ZConnectLink.omit({ token: true }).extend({ reset_token: z.string() }),
  errors: ['NotFound'],
});

// Hosted connect pages: public, authorised only by the one-time token in the body.

export const CONNECT_MODES = ['connect', 'reset', 'sca'] as const;

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
});
export type ConnectSession = z.infer<typeof ZConnectSession>;

export const getConnectSession = defineCall({
  path: '/v0/connect/get-session',
  access: { kind: 'public' },
  request: z.object({ token: ZToken }),
  response: ZConnectSession,
  errors: ['InvalidConnectToken'],
});

export const ZConnectStep = z.discriminatedUnion('status', [
  z.object({ status: z.literal('done'), redirect_to: z.string() }),
  z.object({ status: z.literal('sca_required') }),
]);

export const submitConnectCredentials = defineCall({
  path: '/v0/connect/submit-credentials',
  access: { kind: 'public' },
  request: z.object({
    token: ZToken,
    entity_id: z.string({ error: VALIDATION.required }).min(1, { error: VALIDATION.required }).max(64),
    username: z.string({ error: VALIDATION.required }).trim().min(1, { error: VALIDATION.required }).max(200),
    password: z.string({ error: VALIDATION.required }).min(1, { error: VALIDATION.required }).max(200),
    accept_terms: z.literal(true, { error: VALIDATION.required }),
  }),
  response: ZConnectStep,
  errors: ['InvalidConnectToken', 'InvalidAccess', 'CredentialsBlocked', 'InstitutionDown', 'NotFound'],
});

export const submitConnectSca = defineCall({
  path: '/v0/connect/submit-sca',
  access: { kind: 'public' },
  request: z.object({
    token: ZToken,
    code: z.string({ error: VALIDATION.required }).trim().min(1, { error: VALIDATION.required }).max(32),
  }),
  response: ZConnectStep,
  errors: ['InvalidConnectToken', 'InvalidScaCode', 'InstitutionDown'],
});
