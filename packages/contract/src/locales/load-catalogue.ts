import type { es } from './es';
import type { LocaleCode } from './locales';

type Texts = Partial<typeof es>;

/**
 * A catalogue comes in parts, each its own chunk: `core` (frame, errors, form messages, sign-in,
 * platform pages) for every screen, and one per feature that its screens load with their code. The
 * login page then downloads a third of the catalogue, and a language the portal does not show, none.
 */
export const CATALOGUE_PARTS = [
  'core',
  'wealth',
  'wealthOverview',
  'connections',
  'connect',
  'unmatched',
  'summary',
  'customCss',
  'portals',
  'links',
  'applications',
  'exports',
  'team',
  'audit',
  'funnel',
  'webhooks',
] as const;
export type CataloguePart = (typeof CATALOGUE_PARTS)[number];

// Literal import() calls, one per file, so the bundler makes each part its own chunk.
const PART_LOADERS: Record<LocaleCode, Record<CataloguePart, () => Promise<Texts>>> = {
  es: {
    core: () => import('./es/core'),
    wealth: () => import('./es/wealth-section'),
    // The overview and history charts' texts load with those screens, not with the client list.
    wealthOverview: () => import('./es/wealth-overview'),
    connections: () => import('./es/connections'),
    connect: () => import('./es/connect'),
    unmatched: () => import('./es/unmatched'),
    summary: () => import('./es/summary'),
    customCss: () => import('./es/custom-css'),
    portals: () => import('./es/portals'),
    links: () => import('./es/links'),
    applications: () => import('./es/applications'),
    exports: () => import('./es/exports').then((module) => ({ exports: module.exportTexts })),
    team: () => import('./es/team'),
    audit: () => import('./es/audit'),
    funnel: () => import('./es/funnel'),
    webhooks: () => import('./es/webhooks'),
  },
  en: {
    core: () => import('./en/core'),
    wealth: () => import('./en/wealth-section'),
    // The overview and history charts' texts load with those screens, not with the client list.
    wealthOverview: () => import('./en/wealth-overview'),
    connections: () => import('./en/connections'),
    connect: () => import('./en/connect'),
    unmatched: () => import('./en/unmatched'),
    summary: () => import('./en/summary'),
    customCss: () => import('./en/custom-css'),
    portals: () => import('./en/portals'),
    links: () => import('./en/links'),
    applications: () => import('./en/applications'),
    exports: () => import('./en/exports').then((module) => ({ exports: module.exportTexts })),
    team: () => import('./en/team'),
    audit: () => import('./en/audit'),
    funnel: () => import('./en/funnel'),
    webhooks: () => import('./en/webhooks'),
  },
};

/** The texts of these parts of one language's catalogue, as one object shaped like the catalogue. */
export async function loadCatalogueParts(
  locale: LocaleCode,
  parts: readonly CataloguePart[],
): Promise<Texts> {
  const loaded = await Promise.all([...new Set(parts)].map((part) => PART_LOADERS[locale][part]()));
  return Object.assign({}, ...loaded);
}
