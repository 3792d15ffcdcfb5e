/**
 * The spec's validation rules (section 5). Each issue's `message` is an i18n key under `validation.`;
 * `params` fill its placeholders ({n}, {character}). Server and web run the same schemas
 * (`validation.ts`); this half loads no zod, so the portal's first screens can use it.
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
  /** A member invited with no permission could open no section at all. */
  permissionRequired: 'validation.permissionRequired',
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

/**
 * Letters of any language (their accents included), digits, spaces and the punctuation people put in
 * names. Not the marks that only dress a character up as an emoji: enclosing marks (\p{Me}, the keycap
 * of 1️⃣) and the emoji and text presentation selectors (U+FE0E, U+FE0F).
 */
export const NAME_CHARACTERS = /^(?![\uFE0E\uFE0F])[\p{L}\p{Mn}\p{Mc}\p{N} .,'&()\-_/@+]$/u;
/**
 * Company names are free text (the operator sets them; staff type them to sign in) but only visible:
 * any character but control (\p{Cc}: tab, line breaks), format (\p{Cf}: zero-width joiner, BOM, bidi
 * overrides) and other unassigned or private ones (\p{C}), and no blank but the plain space, so no name
 * holds what a sign-in form cannot type, and two names never look the same while they differ.
 */
export const COMPANY_NAME_CHARACTERS = /^(?:[^\p{C}\p{Z}]| )$/u;
/** Usernames stay ASCII so they are typed the same on every keyboard. */
export const USERNAME_CHARACTERS = /^[A-Za-z0-9._@-]$/;

/**
 * The first character outside `allowed`, or null. A character as a reader sees it: a grapheme made of
 * refused code points only (👩‍💼, 🇪🇸) is named whole, not by a fragment that renders as a box; one that
 * joins a refused code point to an allowed letter ("b" and a zero-width joiner) names the refused one
 * (marks, such as the variation selector of ❤️, count with their base, not as letters).
 */
export function findInvalidCharacter(value: string, allowed: RegExp): string | null {
  for (const { segment } of graphemes.segment(value)) {
    const codePoints = [...segment];
    const refused = codePoints.find((codePoint) => !allowed.test(codePoint));
    if (refused === undefined) continue;
    const hasAllowedBase = codePoints.some((codePoint) => allowed.test(codePoint) && !MARK.test(codePoint));
    // A refused mark belongs to its base (the keycap of 1️⃣): the reader sees the whole character.
    return hasAllowedBase && !MARK.test(refused) ? refused : segment;
  }
  return null;
}

/** A combining mark or variation selector: part of its base's character, never one of its own. */
const MARK = /^\p{M}$/u;

const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });

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

/** Date from must be less than or equal to date to (ISO dates, yyyy-mm-dd). */
export function isDateOrderValid(from: string | null | undefined, to: string | null | undefined): boolean {
  if (!from || !to) return true;
  return from <= to;
}
