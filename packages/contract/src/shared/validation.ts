import { z } from 'zod';

/**
 * The spec's validation rules (section 5). Each issue's `message` is an i18n key under `validation.`;
 * `params` fill its placeholders ({n}, {character}). Server and web run the same schemas.
 */
export const VALIDATION = {
  required: 'validation.required',
  blank: 'validation.blank',
  /** A value of the wrong type or outside the allowed ones (no field-specific text applies). */
  invalid: 'validation.invalid',
  email: 'validation.email',
  url: 'validation.url',
  invalidCharacter: 'validation.invalidCharacter',
  maxLength: 'validation.maxLength',
  minLength: 'validation.minLength',
  password: 'validation.password',
  passwordsMatch: 'validation.passwordsMatch',
  dateOrder: 'validation.dateOrder',
} as const;
export type ValidationKey = (typeof VALIDATION)[keyof typeof VALIDATION];

/** Length bounds the spec leaves open ("not shown"); chosen here once for every form and call. */
export const LIMITS = {
  name: 100,
  username: { min: 3, max: 64 },
  companyName: { min: 2, max: 100 },
  email: 254,
  url: 2048,
  password: { min: 8, max: 128 },
  token: 512,
} as const;

/** Letters of any language, digits, spaces and the punctuation people put in names. */
export const NAME_CHARACTERS = /^[\p{L}\p{M}\p{N} .,'&()\-_/@+]$/u;
/** Usernames stay ASCII so they are typed the same on every keyboard. */
export const USERNAME_CHARACTERS = /^[A-Za-z0-9._@-]$/;

export function findInvalidCharacter(value: string, allowed: RegExp): string | null {
  for (const character of value) {
    if (!allowed.test(character)) return character;
  }
  return null;
}

interface TextRules {
  max: number;
  min?: number;
  allowed?: RegExp;
}

/** A required, trimmed text: required → blank → invalid character → min → max, first failure only. */
export function zText({ max, min, allowed }: TextRules) {
  return z
    .string({ error: VALIDATION.required })
    .superRefine((value, ctx) => {
      const trimmed = value.trim();
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
    .transform((value) => value.trim());
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

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** At least 8 characters, with upper case, lower case, and a number and/or symbol (spec section 5). */
export function isStrongPassword(value: string): boolean {
  return (
    value.length >= LIMITS.password.min &&
    /\p{Lu}/u.test(value) &&
    /\p{Ll}/u.test(value) &&
    /[\p{N}\p{P}\p{S}]/u.test(value)
  );
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

/** Date from must be less than or equal to date to (ISO dates, yyyy-mm-dd). */
export function isDateOrderValid(from: string | null | undefined, to: string | null | undefined): boolean {
  if (!from || !to) return true;
  return from <= to;
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
