import type { FirstScreenPreloads } from '@caudal/contract';

/** A `first-screens.json` as the portal's build writes it (apps/web/build/first-screen-preloads.ts). */
export const FIRST_SCREENS: FirstScreenPreloads = {
  screens: [
    {
      paths: ['/wealth/clients'],
      scripts: ['/assets/signed-in-abc.js', '/assets/frame-def.js'],
      styles: ['/assets/signed-in-abc.css'],
      catalogue: ['core', 'wealth-section'],
    },
  ],
  catalogue: {
    es: { core: '/assets/core-es1.js', 'wealth-section': '/assets/wealth-section-es2.js' },
    en: { core: '/assets/core-en1.js', 'wealth-section': '/assets/wealth-section-en2.js' },
  },
};
