import { z } from 'zod';
import { ZConfirmEnrolmentRequest, ZRecoveryCodes, ZSuccess, ZTotpEnrolment } from '../auth/calls';
import { defineCall } from '../shared/define-call';
import { ZEmptyBody } from '../shared/empty-bodies';
import * as routes from './routes';

/** The signed-in user's own two-factor state, as the account's security page shows it. */
export const ZTwoFactorStatus = z.object({
  is_enabled: z.boolean(),
  /** The company requires it of its staff. */
  is_required: z.boolean(),
  recovery_codes_left: z.number().int().min(0),
});
export type TwoFactorStatus = z.infer<typeof ZTwoFactorStatus>;

export const getTwoFactor = defineCall(routes.getTwoFactor, {
  request: ZEmptyBody,
  response: ZTwoFactorStatus,
});
export const beginEnrolment = defineCall(routes.beginEnrolment, {
  request: ZEmptyBody,
  response: ZTotpEnrolment,
});
export const confirmEnrolment = defineCall(routes.confirmEnrolment, {
  request: ZConfirmEnrolmentRequest,
  response: ZRecoveryCodes,
});

/** A live session of the signed-in user: where and when it was used. */
export const ZUserSession = z.object({
  id: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  address: z.string().nullable(),
  browser: z.string().nullable(),
  is_current: z.boolean(),
});
export type UserSession = z.infer<typeof ZUserSession>;

export const ZUserSessionList = z.array(ZUserSession);
export const listSessions = defineCall(routes.listSessions, {
  request: ZEmptyBody,
  response: ZUserSessionList,
});
export const ZSessionRef = z.object({ id: z.uuid() });
export const endSession = defineCall(routes.endSession, { request: ZSessionRef, response: ZSuccess });
export const ZEndedSessions = z.object({ ended: z.number().int().min(0) });
export const endOtherSessions = defineCall(routes.endOtherSessions, {
  request: ZEmptyBody,
  response: ZEndedSessions,
});
