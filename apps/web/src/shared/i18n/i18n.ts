import { type Catalogue, isLocaleCode, LOCALE_CODES, type LocaleCode, loadCatalogue } from '@caudal/contract';
import i18next, { type BackendModule } from 'i18next';
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

/**
 * Only the active language's catalogue is downloaded (each is its own chunk); switching language loads
 * the other one before i18next announces the change, so no screen ever shows raw keys.
 */
const catalogueBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    if (!isLocaleCode(language)) {
      callback(null, {});
      return;
    }
    loadCatalogue(language).then(
      (catalogue) => callback(null, catalogue),
      (error: unknown) => {
        // Spec section 8: locale load failures are only logged.
        console.error(`[i18n] could not load the ${language} catalogue`, error);
        callback(error as Error, null);
      },
    );
  },
};

/** Resolves once the locale's catalogue is loaded: render after it, never before. */
export async function initI18n(locale: LocaleCode): Promise<typeof i18n> {
  await i18n
    .use(catalogueBackend)
    .use(initReactI18next)
    .init({
      lng: locale,
      // The catalogues have the same keys (a test checks), so no fallback catalogue is downloaded.
      fallbackLng: false,
      supportedLngs: [...LOCALE_CODES],
      load: 'languageOnly',
      interpolation: { prefix: '{', suffix: '}', escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
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
