import { z } from 'zod';
import { ZSuccess } from '../auth/calls';
import { ZLocaleCode } from '../locales/locales';
import { defineCall } from '../shared/define-call';
import { LIMITS, VALIDATION, zEmail, zPassword, zUrl } from '../shared/validation';
import { ZIdentity } from './identity';

export const me = defineCall({
  path: '/platform/me',
  access: { kind: 'session' },
  request: z.object({}),
  response: ZIdentity,
  errors: [],
});

export const ZForgotPasswordRequest = z.object({
  email: zEmail(),
  /** The portal's reset-password page; the server appends `?token=`. Only our own origins are accepted. */
  url: zUrl(),
  language: ZLocaleCode,
});

/** Always answers success, whether or not the email belongs to anyone, so it reveals no accounts. */
export const forgotPassword = defineCall({
  path: '/v0/platform/forgot-password',
  access: { kind: 'public' },
  request: ZForgotPasswordRequest,
  response: ZSuccess,
  errors: ['ForgotPasswordFailed'],
});

export const ZResetPasswordRequest = z.object({
  token: z
    .string({ error: VALIDATION.required })
    .min(1, { error: VALIDATION.required })
    .max(LIMITS.token, { error: VALIDATION.maxLength }),
  password: zPassword(),
});

export const resetPassword = defineCall({
  path: '/v0/platform/reset-password',
  access: { kind: 'public' },
  request: ZResetPasswordRequest,
  response: ZSuccess,
  errors: ['InvalidResetToken', 'WeakPassword'],
});

export const ZEntity = z.object({ id: z.string(), name: z.string() });
export type Entity = z.infer<typeof ZEntity>;

/** The institution catalogue. Every signed-in user loads it: the main layout waits for it. */
export const listEntities = defineCall({
  path: '/platform/list-entities',
  access: { kind: 'session' },
  request: z.object({}).optional(),
  response: z.array(ZEntity),
  errors: [],
});

/** Liveness: the process answers. It never touches the database, so a slow database cannot fail it. */
export const ZLiveness = z.object({
  status: z.literal('ok'),
  version: z.string(),
});

/** Infrastructure, not a spec call: a load balancer's liveness probe (restart the process if it fails). */
export const health = defineCall({
  method: 'GET',
  path: '/health',
  access: { kind: 'public' },
  request: z.undefined().optional(),
  response: ZLiveness,
  errors: [],
});

export const ZHealth = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['up', 'down']),
  version: z.string(),
});

/**
 * Readiness: the database answered within the ready timeout. Answered 503 with the same shape when it
 * did not: a load balancer stops sending traffic to this instance until it answers 200 again.
 */
export const ready = defineCall({
  method: 'GET',
  path: '/ready',
  access: { kind: 'public' },
  request: z.undefined().optional(),
  response: ZHealth,
  errors: [],
});

export const ZAuthStrategy = z.enum(['local', 'oidc']);

export const ZRuntimeConfig = z.object({
  apiBaseUrl: z.string(),
  linkBaseUrl: z.string(),
  redirectBaseUrl: z.string(),
  authStrategy: ZAuthStrategy,
  oidc: z.object({ issuer: z.string(), clientId: z.string(), scope: z.string() }).nullable(),
  providerName: z.string(),
  platformName: z.string(),
  /** Where `/` goes when configured (spec: "index; redirected if a root redirect is configured"). */
  rootRedirect: z.object({ to: z.string(), status: z.number().int() }).nullable(),
});
export type RuntimeConfig = z.infer<typeof ZRuntimeConfig>;

/** Runtime configuration for the portal, read before anything renders. */
export const runtimeConfig = defineCall({
  method: 'GET',
  path: '/config.json',
  access: { kind: 'public' },
  request: z.undefined().optional(),
  response: ZRuntimeConfig,
  errors: [],
});
