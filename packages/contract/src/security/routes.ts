import type { ZConfirmEnrolmentRequest, ZRecoveryCodes, ZSuccess, ZTotpEnrolment } from '../auth/calls';
import { defineRoute } from '../shared/call-route';
import type { ZEmptyBody } from '../shared/empty-bodies';
import type * as schemas from './calls';

export type { TwoFactorStatus, UserSession } from './calls';

/** Every signed-in user manages their own second factor and sessions, whatever their permissions. */
const ownAccount = { kind: 'session' } as const;

export const getTwoFactor = defineRoute<typeof ZEmptyBody, typeof schemas.ZTwoFactorStatus>()({
  path: '/platform/security/two-factor',
  access: ownAccount,
  errors: [],
});

/** A new key to enrol (replaces an unconfirmed one); Conflict when two-factor is already on. */
export const beginEnrolment = defineRoute<typeof ZEmptyBody, typeof ZTotpEnrolment>()({
  path: '/platform/security/begin-enrolment',
  audit: { action: 'begin-enrolment' },
  access: ownAccount,
  errors: [],
});

/** The first code confirms the key: two-factor is on, and the recovery codes are shown this once. */
export const confirmEnrolment = defineRoute<typeof ZConfirmEnrolmentRequest, typeof ZRecoveryCodes>()({
  path: '/platform/security/confirm-enrolment',
  audit: { action: 'confirm-enrolment' },
  access: ownAccount,
  errors: ['InvalidTwoFactorCode', 'NotFound'],
});

export const listSessions = defineRoute<typeof ZEmptyBody, typeof schemas.ZUserSessionList>()({
  path: '/platform/security/list-sessions',
  access: ownAccount,
  errors: [],
});

/** Ends one of the user's own sessions: its next call is refused. */
export const endSession = defineRoute<typeof schemas.ZSessionRef, typeof ZSuccess>()({
  path: '/platform/security/end-session',
  /** The session ended, by its id (never its token); the user is the caller. */
  audit: { action: 'end-session', fields: ['id'] },
  access: ownAccount,
  errors: ['NotFound'],
});

export const endOtherSessions = defineRoute<typeof ZEmptyBody, typeof schemas.ZEndedSessions>()({
  path: '/platform/security/end-other-sessions',
  audit: { action: 'end-other-sessions' },
  access: ownAccount,
  errors: [],
});
