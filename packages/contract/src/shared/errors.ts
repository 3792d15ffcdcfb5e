import { z } from 'zod';
import { ERROR_CODES } from './error-codes';

export * from './error-codes';

export const ZErrorCode = z.enum(ERROR_CODES);

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
