import { defineRoute } from '../shared/call-route';
import type { ZEmptyBody } from '../shared/empty-bodies';
import type * as schemas from './calls';

export type { SecondStep, TotpEnrolment } from './calls';
export * from './constants';

export const login = defineRoute<typeof schemas.ZLoginRequest, typeof schemas.ZSignInAnswer>()({
  path: '/auth/v0/login',
  access: { kind: 'public' },
  errors: ['LoginFailed', 'RateLimited'],
});

export const logout = defineRoute<typeof ZEmptyBody, typeof schemas.ZSuccess>()({
  path: '/auth/v0/logout',
  access: { kind: 'session' },
  errors: [],
});

/** The second step: exchanges a sign-in challenge and a code for the access token. */
export const verifySignInCode = defineRoute<
  typeof schemas.ZSignInCodeRequest,
  typeof schemas.ZLoginResponse
>()({
  path: '/auth/v0/login/verify-code',
  access: { kind: 'public' },
  errors: ['LoginFailed', 'InvalidChallenge', 'InvalidTwoFactorCode', 'RateLimited'],
});

/**
 * A user whose company requires two-factor and who has none enrols before the first token. Both steps
 * are the account page's enrolment (security's begin-enrolment and confirm-enrolment), recorded under
 * the same actions, the user as actor and target; the sign-in itself is recorded as its own kind.
 */
export const beginSignInEnrolment = defineRoute<
  typeof schemas.ZChallengeRequest,
  typeof schemas.ZTotpEnrolment
>()({
  path: '/auth/v0/login/begin-enrolment',
  audit: { action: 'begin-enrolment' },
  access: { kind: 'public' },
  errors: ['InvalidChallenge'],
});

export const confirmSignInEnrolment = defineRoute<
  typeof schemas.ZConfirmSignInEnrolmentRequest,
  typeof schemas.ZEnrolledSignIn
>()({
  path: '/auth/v0/login/confirm-enrolment',
  audit: { action: 'confirm-enrolment' },
  access: { kind: 'public' },
  errors: ['LoginFailed', 'InvalidChallenge', 'InvalidTwoFactorCode', 'RateLimited'],
});
