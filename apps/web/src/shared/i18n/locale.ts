import {
  DEFAULT_LOCALE,
  isLocaleCode,
  LOCALE_COOKIE,
  LOCALES,
  type LocaleCode,
} from '@caudal/contract/routes';

/**
 * Locale detection and locale-prefixed paths. Pure functions (no DOM access) so the rules are unit
 * tested: route prefix → cookie → browser languages → default (spec section 2).
 */

export interface LocaleSources {
  pathname: string;
  cookie: string;
  languages: readonly string[];
}

/** The BCP 47 tag numbers and dates are formatted with (`es` → `es-ES`). */
export function localeIso(code: LocaleCode): string {
  return LOCALES.find((locale) => locale.code === code)?.iso ?? code;
}

/** The locale named by the first path segment, if it is one of ours (`/es/...`, `/en`). */
export function localeFromPath(pathname: string): LocaleCode | null {
  const first = pathname.split('/')[1] ?? '';
  return isLocaleCode(first) ? first : null;
}

export function readLocaleCookie(cookie: string): LocaleCode | null {
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === LOCALE_COOKIE.name) {
      const value = decodeURIComponent(rest.join('='));
      return isLocaleCode(value) ? value : null;
    }
  }
  return null;
}

/** First browser language whose primary subtag we support ('en-GB' → en). */
export function localeFromLanguages(languages: readonly string[]): LocaleCode | null {
  for (const language of languages) {
    const primary = language.toLowerCase().split('-')[0];
    if (isLocaleCode(primary)) return primary;
  }
  return null;
}

export function detectLocale({ pathname, cookie, languages }: LocaleSources): LocaleCode {
  return (
    localeFromPath(pathname) ?? readLocaleCookie(cookie) ?? localeFromLanguages(languages) ?? DEFAULT_LOCALE
  );
}

/** The path without its locale prefix: '/es/wealth/clients' → '/wealth/clients', '/es' → '/'. */
export function stripLocale(pathname: string): string {
  if (!localeFromPath(pathname)) return pathname || '/';
  const rest = pathname.replace(/^\/[^/]+/, '');
  return rest === '' ? '/' : rest;
}

/** The same path under another locale prefix; a path without a prefix gets one. */
export function pathWithLocale(pathname: string, locale: LocaleCode): string {
  const rest = stripLocale(pathname);
  return rest === '/' ? `/${locale}/` : `/${locale}${rest}`;
}

/** A path inside the portal for a locale: localePath('en', '/auth/login') → '/en/auth/login'. */
export function localePath(locale: LocaleCode, path: string): string {
  return `/${locale}${path.startsWith('/') ? path : `/${path}`}`;
}

export function localeCookieHeader(locale: LocaleCode): string {
  return `${LOCALE_COOKIE.name}=${locale}; Max-Age=${LOCALE_COOKIE.maxAgeSeconds}; Path=/; SameSite=Lax`;
}
