import type { es } from './es';
import type { LocaleCode } from './locales';

/**
 * One catalogue, loaded on demand: a bundler makes each language its own chunk, so the portal downloads
 * only the language it shows (and the other one only when the user switches).
 */
export function loadCatalogue(locale: LocaleCode): Promise<typeof es> {
  return locale === 'en'
    ? import('./en').then((module) => module.en)
    : import('./es').then((module) => module.es);
}
