import { CATALOGUES, type Catalogue, DEFAULT_LOCALE, LOCALE_CODES, type LocaleCode } from '@caudal/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { localeCookieHeader } from './locale';

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: Catalogue };
    // Our catalogues use single braces: 'Como máximo {n} caracteres'.
    interpolationPrefix: '{';
    interpolationSuffix: '}';
  }
}

export const i18n = i18next.createInstance();

/** The catalogues are bundled (they are small), so init is synchronous and never shows raw keys. */
export function initI18n(locale: LocaleCode): typeof i18n {
  void i18n.use(initReactI18next).init({
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALE_CODES],
    resources: {
      es: { translation: CATALOGUES.es },
      en: { translation: CATALOGUES.en },
    },
    interpolation: { prefix: '{', suffix: '}', escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  applyDocumentLanguage(locale);
  i18n.on('languageChanged', (language) => applyDocumentLanguage(language));
  return i18n;
}

function applyDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

export function currentLocale(): LocaleCode {
  return i18n.language === 'en' ? 'en' : 'es';
}

/** Switching language remembers the choice for 365 days (spec section 9). */
export async function switchLocale(locale: LocaleCode): Promise<void> {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and older Safari.
  document.cookie = localeCookieHeader(locale);
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
}

/** Translates a key that comes from data (server issues, error codes) rather than from code. */
export function translateDynamic(key: string, params?: Record<string, unknown>): string {
  return i18n.exists(key) ? String(i18n.t(key as never, params as never)) : key;
}
