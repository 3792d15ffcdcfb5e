export const LOCALE_CODES = ['es', 'en'] as const;
export type LocaleCode = (typeof LOCALE_CODES)[number];

export interface Locale {
  code: LocaleCode;
  name: string;
  iso: string;
  dir?: 'ltr' | 'rtl';
  domain?: string;
}

export const DEFAULT_LOCALE: LocaleCode = 'es';
export const LOCALES: readonly Locale[] = [
  { code: 'es', name: 'Español', iso: 'es-ES', dir: 'ltr' },
  { code: 'en', name: 'English', iso: 'en-GB', dir: 'ltr' },
];
/** The locale cookie lasts 365 days (spec section 9); its name is ours. */
export const LOCALE_COOKIE = { name: 'caudal_locale', maxAgeSeconds: 365 * 24 * 60 * 60 } as const;

export function isLocaleCode(value: unknown): value is LocaleCode {
  return typeof value === 'string' && (LOCALE_CODES as readonly string[]).includes(value);
}
