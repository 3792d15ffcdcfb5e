import { z } from 'zod';
import { defineCall } from '../shared/define-call';
import { ZEmptyBody } from '../shared/empty-bodies';
import { LIMITS, VALIDATION, zText } from '../shared/validation';
import * as routes from './routes';

export * from './constants';

const requiredSecret = z
  .string({ error: VALIDATION.required })
  .min(1, { error: VALIDATION.required })
  .max(LIMITS.password.max, { error: VALIDATION.maxLength });

export const ZLoginRequest = z.object({
  username: zText({ max: LIMITS.username.max }),
  company: zText({ max: LIMITS.companyName.max }),
  password: requiredSecret,
});
export const ZLoginResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int().positive(),
});

/**
 * After a correct password, a user with two-factor sign-in (or one whose company requires it and who has
 * none yet) gets no token: `code` asks for an authenticator or recovery code, `enrol` for enrolment
 * first. The challenge is single-use and short-lived; users without two-factor get the spec's answer.
 */
export const ZSecondStep = z.object({
  second_step: z.enum(['code', 'enrol']),
  challenge: z.string(),
  expires_in: z.number().int().positive(),
});
export type SecondStep = z.infer<typeof ZSecondStep>;
export const ZSignInAnswer = z.union([ZLoginResponse, ZSecondStep]);

export const login = defineCall(routes.login, { request: ZLoginRequest, response: ZSignInAnswer });

const ZChallenge = z
  .string({ error: VALIDATION.required })
  .min(1, { error: VALIDATION.required })
  .max(200, { error: VALIDATION.maxLength });
/** Six digits from the authenticator app; spaces typed between them are ignored. */
export const ZTotpCode = z
  .string({ error: VALIDATION.required })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: VALIDATION.required })
      .regex(/^\d{6}$/, { error: VALIDATION.invalid }),
  );
export const ZRecoveryCode = z
  .string({ error: VALIDATION.required })
  .transform((value) => value.replace(/[\s-]+/g, '').toUpperCase())
  .pipe(z.string().min(1, { error: VALIDATION.required }).max(64, { error: VALIDATION.maxLength }));

/** One of the two: the authenticator's code, or one of the recovery codes (each works once). */
export const ZSignInCodeRequest = z.union([
  z.object({ challenge: ZChallenge, code: ZTotpCode }),
  z.object({ challenge: ZChallenge, recovery_code: ZRecoveryCode }),
]);
export const verifySignInCode = defineCall(routes.verifySignInCode, {
  request: ZSignInCodeRequest,
  response: ZLoginResponse,
});

/** The key to enrol, as the authenticator app takes it: text, otpauth URI, and that URI as a QR code (SVG). */
export const ZTotpEnrolment = z.object({
  key: z.string(),
  uri: z.string(),
  qr_svg: z.string(),
});
export type TotpEnrolment = z.infer<typeof ZTotpEnrolment>;

export const ZChallengeRequest = z.object({ challenge: ZChallenge });
export const beginSignInEnrolment = defineCall(routes.beginSignInEnrolment, {
  request: ZChallengeRequest,
  response: ZTotpEnrolment,
});

/** Shown once: the only time the recovery codes are readable. */
export const ZRecoveryCodes = z.object({ recovery_codes: z.array(z.string()) });
export const ZEnrolledSignIn = ZLoginResponse.extend(ZRecoveryCodes.shape);
export const ZConfirmEnrolmentRequest = z.object({ code: ZTotpCode });
export const ZConfirmSignInEnrolmentRequest = z.object({ challenge: ZChallenge, code: ZTotpCode });
export const confirmSignInEnrolment = defineCall(routes.confirmSignInEnrolment, {
  request: ZConfirmSignInEnrolmentRequest,
  response: ZEnrolledSignIn,
});

export const ZSuccess = z.object({ success: z.literal(true) });

export const logout = defineCall(routes.logout, { request: ZEmptyBody, response: ZSuccess });
