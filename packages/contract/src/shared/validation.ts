import { z } from 'zod';
import {
  findInvalidCharacter,
  isDateOrderValid,
  isHttpUrl,
  isStrongPassword,
  LIMITS,
  VALIDATION,
} from './validation-rules';

// The schemas of the spec's validation rules; the rules themselves load no zod (validation-rules.ts).
export * from './validation-rules';

interface TextRules {
  max: number;
  min?: number;
  allowed?: RegExp;
}

/**
 * A required, trimmed text: required → blank → invalid character → min → max, first failure only.
 * Stored in Unicode's composed form (NFC): "Álvaro" pasted from a PDF or macOS arrives as "A" and a
 * combining accent, which looks the same but no accent-folding search would find.
 */
export function zText({ max, min, allowed }: TextRules) {
  return z
    .string({ error: VALIDATION.required })
    .superRefine((value, ctx) => {
      const trimmed = value.trim().normalize('NFC');
      if (value.length === 0) return ctx.addIssue({ code: 'custom', message: VALIDATION.required });
      if (trimmed.length === 0) return ctx.addIssue({ code: 'custom', message: VALIDATION.blank });
      const character = allowed ? findInvalidCharacter(trimmed, allowed) : null;
      if (character !== null) {
        return ctx.addIssue({ code: 'custom', message: VALIDATION.invalidCharacter, params: { character } });
      }
      if (min !== undefined && trimmed.length < min) {
        return ctx.addIssue({ code: 'custom', message: VALIDATION.minLength, params: { n: min } });
      }
      if (trimmed.length > max) {
        ctx.addIssue({ code: 'custom', message: VALIDATION.maxLength, params: { n: max } });
      }
    })
    .transform((value) => value.trim().normalize('NFC'));
}

/**
 * A list's search text, trimmed and composed (NFC) as the names it looks for are stored (zText). A
 * screen whose search has no field of its own to flag says `tooLong` (VALIDATION.invalid); the data
 * API keeps zod's own message, which names the limit.
 */
export function zSearch(options: { tooLong?: string } = {}) {
  return z
    .string()
    .trim()
    .max(LIMITS.name, options.tooLong === undefined ? undefined : { error: options.tooLong })
    .transform((value) => value.normalize('NFC'));
}

export function zEmail() {
  return zText({ max: LIMITS.email }).pipe(z.email({ error: VALIDATION.email }));
}

/** An absolute http(s) URL, or a path on our own origin when `allowPath` is set. */
export function zUrl({ allowPath = false }: { allowPath?: boolean } = {}) {
  return zText({ max: LIMITS.url }).superRefine((value, ctx) => {
    if (allowPath && value.startsWith('/') && !value.startsWith('//')) return;
    if (!isHttpUrl(value)) ctx.addIssue({ code: 'custom', message: VALIDATION.url });
  });
}

/** Passwords are never trimmed: every character counts. */
export function zPassword() {
  return z.string({ error: VALIDATION.required }).superRefine((value, ctx) => {
    if (value.length === 0) return ctx.addIssue({ code: 'custom', message: VALIDATION.required });
    if (value.length > LIMITS.password.max) {
      return ctx.addIssue({
        code: 'custom',
        message: VALIDATION.maxLength,
        params: { n: LIMITS.password.max },
      });
    }
    if (!isStrongPassword(value)) ctx.addIssue({ code: 'custom', message: VALIDATION.password });
  });
}

/** A password typed twice: the confirmation must match (issue on `confirmPassword`). */
export function zPasswordPair() {
  return z
    .object({ password: zPassword(), confirmPassword: z.string({ error: VALIDATION.required }) })
    .superRefine((value, ctx) => {
      if (value.password !== value.confirmPassword) {
        ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: VALIDATION.passwordsMatch });
      }
    });
}

/** An ISO date (yyyy-mm-dd) from year 1 on: PostgreSQL has no year 0. */
export const ZIsoDate = z.iso
  .date({ error: VALIDATION.invalid })
  .refine((value) => value >= '0001-01-01', { error: VALIDATION.invalid });

export function zDateRange() {
  return z
    .object({ date_from: ZIsoDate.nullish(), date_to: ZIsoDate.nullish() })
    .superRefine((value, ctx) => {
      if (!isDateOrderValid(value.date_from, value.date_to)) {
        ctx.addIssue({ code: 'custom', path: ['date_from'], message: VALIDATION.dateOrder });
      }
    });
}
