import { z } from 'zod';
import { ZSuccess } from '../auth/calls';
import { ZLocaleCode } from '../locales/locale-schema';
import { defineCall } from '../shared/define-call';
import { ZEmptyBody, ZNoBody, ZOptionalEmptyBody } from '../shared/empty-bodies';
import { LIMITS, VALIDATION, zEmail, zPassword, zUrl } from '../shared/validation';
import { AUTH_STRATEGIES } from './constants';
import { ZIdentity } from './identity';
import * as routes from './routes';

export * from './constants';

export const me = defineCall(routes.me, { request: ZEmptyBody, response: ZIdentity });

export const ZForgotPasswordRequest = z.object({
  email: zEmail(),
  /** The portal's reset-password page; the server appends `?token=`. Only our own origins are accepted. */
  url: zUrl(),
  language: ZLocaleCode,
});

export const forgotPassword = defineCall(routes.forgotPassword, {
  request: ZForgotPasswordRequest,
  response: ZSuccess,
});

export const ZResetPasswordRequest = z.object({
  token: z
    .string({ error: VALIDATION.required })
    .min(1, { error: VALIDATION.required })
    .max(LIMITS.token, { error: VALIDATION.maxLength }),
  password: zPassword(),
});

export const resetPassword = defineCall(routes.resetPassword, {
  request: ZResetPasswordRequest,
  response: ZSuccess,
});

/** Change my password: the current one first (a session left open must not change it), then the new one. */
export const ZChangePasswordRequest = z.object({
  current_password: z
    .string({ error: VALIDATION.required })
    .min(1, { error: VALIDATION.required })
    .max(LIMITS.password.max, { error: VALIDATION.maxLength }),
  new_password: zPassword(),
});
export type ChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

/** The portal's form: the call's fields and the new password typed again, which must match. */
export const ZChangePasswordForm = ZChangePasswordRequest.extend({
  confirm_password: z.string({ error: VALIDATION.required }),
}).superRefine((value, ctx) => {
  if (value.confirm_password.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: VALIDATION.required });
  } else if (value.new_password !== value.confirm_password) {
    ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: VALIDATION.passwordsMatch });
  }
});

/** How many of the user's other sessions were ended (this one stays signed in). */
export const ZChangePasswordResponse = z.object({
  success: z.literal(true),
  ended_sessions: z.number().int().nonnegative(),
});

export const changePassword = defineCall(routes.changePassword, {
  request: ZChangePasswordRequest,
  response: ZChangePasswordResponse,
});

export const ZEntity = z.object({ id: z.string(), name: z.string() });
export type Entity = z.infer<typeof ZEntity>;
export const ZEntityList = z.array(ZEntity);

export const listEntities = defineCall(routes.listEntities, {
  request: ZOptionalEmptyBody,
  response: ZEntityList,
});

/** Liveness: the process answers. It never touches the database, so a slow database cannot fail it. */
export const ZLiveness = z.object({
  status: z.literal('ok'),
  version: z.string(),
});

export const health = defineCall(routes.health, { request: ZNoBody, response: ZLiveness });

export const ZHealth = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['up', 'down']),
  version: z.string(),
});

export const ready = defineCall(routes.ready, { request: ZNoBody, response: ZHealth });

export const ZAuthStrategy = z.enum(AUTH_STRATEGIES);

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
  /** Minutes without a call after which the server ends a session: the portal warns before, and keeps
   * a session whose user is typing alive. */
  sessionIdleMinutes: z.number().int().positive(),
});
export type RuntimeConfig = z.infer<typeof ZRuntimeConfig>;

export const runtimeConfig = defineCall(routes.runtimeConfig, { request: ZNoBody, response: ZRuntimeConfig });
