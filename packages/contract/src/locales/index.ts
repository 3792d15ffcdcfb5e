import { en } from './en';
import { es } from './es';
import type { LocaleCode } from './locales';

export { CATALOGUE_PARTS, type CataloguePart, loadCatalogueParts } from './load-catalogue';
export * from './locales';
export type Catalogue = typeof es;
export const CATALOGUES: Record<LocaleCode, Catalogue> = { es, en };
