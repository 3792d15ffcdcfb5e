import type { ZSuccess } from '../auth/calls';
import { defineRoute } from '../shared/call-route';
import type { ZEmptyBody, ZNoBody, ZOptionalEmptyBody } from '../shared/empty-bodies';
import type * as schemas from './calls';
import type { ZIdentity } from './identity';

export type { Entity, RuntimeConfig } from './calls';
export * from './constants';

export const me = defineRoute<typeof ZEmptyBody, typeof ZIdentity>()({
  path: '/platform/me',
  access: { kind: 'session' },
  errors: [],
});

/** Always answers success, whether or not the email belongs to anyone, so it reveals no accounts. */
export const forgotPassword = defineRoute<typeof schemas.ZForgotPasswordRequest, typeof ZSuccess>()({
  path: '/v0/platform/forgot-password',
  access: { kind: 'public' },
  errors: ['RateLimited'],
});

export const resetPassword = defineRoute<typeof schemas.ZResetPasswordRequest, typeof ZSuccess>()({
  path: '/v0/platform/reset-password',
  audit: { action: 'reset-password' },
  access: { kind: 'public' },
  errors: ['InvalidResetToken', 'WeakPassword'],
});

/**
 * The signed-in user's own password (staff and portal users alike). Ends the user's other sessions and
 * keeps the caller's. Wrong current passwords are rate limited per user.
 */
export const changePassword = defineRoute<
  typeof schemas.ZChangePasswordRequest,
  typeof schemas.ZChangePasswordResponse
>()({
  path: '/v0/platform/change-password',
  audit: { action: 'change-password' },
  access: { kind: 'session' },
  errors: ['WrongCurrentPassword', 'PasswordUnchanged', 'RateLimited'],
});

/** The institution catalogue. Every signed-in user loads it: the main layout waits for it. */
export const listEntities = defineRoute<typeof ZOptionalEmptyBody, typeof schemas.ZEntityList>()({
  path: '/platform/list-entities',
  access: { kind: 'session' },
  errors: [],
});

/** Infrastructure, not a spec call: a load balancer's liveness probe (restart the process if it fails). */
export const health = defineRoute<typeof ZNoBody, typeof schemas.ZLiveness>()({
  method: 'GET',
  path: '/health',
  access: { kind: 'public' },
  errors: [],
});

/**
 * Readiness: the database answered within the ready timeout. Answered 503 with the same shape when it
 * did not: a load balancer stops sending traffic to this instance until it answers 200 again.
 */
export const ready = defineRoute<typeof ZNoBody, typeof schemas.ZHealth>()({
  method: 'GET',
  path: '/ready',
  access: { kind: 'public' },
  errors: [],
});

/** Runtime configuration for the portal, read before anything renders. */
export const runtimeConfig = defineRoute<typeof ZNoBody, typeof schemas.ZRuntimeConfig>()({
  method: 'GET',
  path: '/config.json',
  access: { kind: 'public' },
  errors: [],
});
