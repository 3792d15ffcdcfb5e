import {
  type Catalogue,
  type CataloguePart,
  isLocaleCode,
  LOCALE_CODES,
  type LocaleCode,
  loadCatalogueParts,
} from '@caudal/contract/routes';
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

/** The parts of the catalogue some screen has needed so far: a language switch loads all of them. */
const wantedParts = new Set<CataloguePart>(['core']);

function logLoadFailure(language: string, error: unknown): void {
  // Spec section 8: locale load failures are only logged.
  console.error(`[i18n] could not load the ${language} catalogue`, error);
}

/**
 * Only the active language's catalogue is downloaded, and of it only the parts the screens shown so far
 * need (each part is its own chunk); switching language loads the same parts of the other one before
 * i18next announces the change, so no screen ever shows raw keys.
 */
const catalogueBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    if (!isLocaleCode(language)) {
      callback(null, {});
      return;
    }
    const parts = [...wantedParts];
    loadCatalogueParts(language, parts).then(
      (texts) => {
        for (const part of parts) loadedParts(language).add(part);
        callback(null, texts);
      },
      (error: unknown) => {
        logLoadFailure(language, error);
        callback(error as Error, null);
      },
    );
  },
};

/** Loads into `language` every part a screen has needed so far that it does not have yet. */
async function completeLanguage(language: LocaleCode): Promise<void> {
  const missing = [...wantedParts].filter((part) => !loadedParts(language).has(part));
  if (missing.length === 0) return;
  try {
    const texts = await loadCatalogueParts(language, missing);
    i18n.addResourceBundle(language, 'translation', texts, true, true);
    for (const part of missing) loadedParts(language).add(part);
  } catch (error) {
    logLoadFailure(language, error);
  }
}

/**
 * Adds the texts of these parts to the shown language before a screen that needs them renders (route
 * loaders call it with the screen's code). A part that fails to load is logged; the screen still opens.
 */
export async function addCatalogueParts(parts: readonly CataloguePart[]): Promise<void> {
  for (const part of parts) wantedParts.add(part);
  const language = currentLocale();
  await completeLanguage(language);
  // The language changed while these parts loaded: the new one needs them too.
  if (currentLocale() !== language) await completeLanguage(currentLocale());
}

/**
 * Shows another language once it has every part the screens so far needed: i18next asks the backend
 * only for a language it has never loaded, so a language shown before would otherwise miss the parts
 * loaded since.
 */
export async function showLanguage(locale: LocaleCode): Promise<void> {
  await completeLanguage(locale);
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
}

const partsByLanguage = new Map<LocaleCode, Set<CataloguePart>>();
function loadedParts(language: LocaleCode): Set<CataloguePart> {
  let parts = partsByLanguage.get(language);
  if (!parts) {
    parts = new Set();
    partsByLanguage.set(language, parts);
  }
  return parts;
}

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
  await showLanguage(locale);
}

/** Translates a key that comes from data (server issues, error codes) rather than from code. */
export function translateDynamic(key: string, params?: Record<string, unknown>): string {
  return i18n.exists(key) ? String(i18n.t(key as never, params as never)) : key;
}
