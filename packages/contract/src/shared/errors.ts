import { z } from 'zod';

/**
 * Every error code that may cross the wire. Texts never do: the web maps each code to a translated
 * message under `errors.<code>` in the locale catalogues.
 */
export const ERROR_CODES = [
  'ValidationError',
  'Unauthorized',
  'SessionExpired',
  'Forbidden',
  'ModuleDisabled',
  'NotFound',
  'MethodNotAllowed',
  'PayloadTooLarge',
  'RateLimited',
  'LoginFailed',
  'InvalidResetToken',
  'WeakPassword',
  'ForgotPasswordFailed',
  'DuplicatedName',
  'DuplicatedAlias',
  'Conflict',
  'InvalidConnectToken',
  'InvalidAccess',
  'CredentialsBlocked',
  'InstitutionDown',
  'InvalidScaCode',
  'ProductAlreadyMatched',
  'LinkPaused',
  'LinkAlreadyPaused',
  'LinkAlreadyActive',
  'LinkHasPendingCodes',
  'InvalidLinkCode',
  'DuplicatedUsername',
  'UnknownClient',
  'ServiceUnavailable',
  'NestingTooDeep',
  'InvalidBase64',
  'CustomCssTooLarge',
  'UnexpectedError',
] as const;
export const ZErrorCode = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ZErrorCode>;

/** The HTTP status that goes with each code. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  ValidationError: 400,
  Unauthorized: 401,
  SessionExpired: 401,
  Forbidden: 403,
  ModuleDisabled: 403,
  NotFound: 404,
  MethodNotAllowed: 405,
  PayloadTooLarge: 413,
  RateLimited: 429,
  LoginFailed: 401,
  InvalidResetToken: 400,
  WeakPassword: 400,
  ForgotPasswordFailed: 500,
  DuplicatedName: 409,
  DuplicatedAlias: 409,
  Conflict: 409,
  InvalidConnectToken: 404,
  InvalidAccess: 422,
  CredentialsBlocked: 423,
  InstitutionDown: 503,
  InvalidScaCode: 422,
  ProductAlreadyMatched: 409,
  LinkPaused: 423,
  LinkAlreadyPaused: 409,
  LinkAlreadyActive: 409,
  LinkHasPendingCodes: 409,
  InvalidLinkCode: 404,
  DuplicatedUsername: 409,
  UnknownClient: 422,
  ServiceUnavailable: 503,
  NestingTooDeep: 400,
  InvalidBase64: 400,
  CustomCssTooLarge: 413,
  UnexpectedError: 500,
};

/** One field problem in a ValidationError: `message` is an i18n key, `params` fill its placeholders. */
export const ZFieldIssue = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type FieldIssue = z.infer<typeof ZFieldIssue>;

export const ZApiError = z.object({
  error: z.object({
    code: ZErrorCode,
    /** A developer-facing English hint; never shown to users. */
    message: z.string(),
    issues: z.array(ZFieldIssue).optional(),
  }),
});
export type ApiError = z.infer<typeof ZApiError>;
