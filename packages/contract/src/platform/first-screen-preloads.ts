import { z } from 'zod';

/**
 * What the portal's build writes beside `index.html` (apps/web/build/first-screen-preloads.ts) and the
 * API reads to send a first screen's files with the page (apps/api/src/shared/http/first-screen-preloads.ts).
 * One schema for both sides: the build checks its own output against it, so a file the API would refuse
 * fails the build instead of silently losing the preloads.
 */
export const FIRST_SCREENS_FILE = 'first-screens.json';

const ZAssetPath = z.string().regex(/^\/assets\/[\w.-]+$/);

export const ZFirstScreenPreloads = z.object({
  screens: z.array(
    z.object({
      /** The screen's paths after the language prefix (`/wealth/clients`). */
      paths: z.array(z.string().regex(/^\/[\w/-]+$/)),
      scripts: z.array(ZAssetPath),
      styles: z.array(ZAssetPath),
      /** The catalogue parts its first render needs (`core`, `wealth-section`). */
      catalogue: z.array(z.string()),
    }),
  ),
  /** Per language, the file of each catalogue part a first screen names. */
  catalogue: z.record(z.string(), z.record(z.string(), ZAssetPath)),
});

export type FirstScreenPreloads = z.infer<typeof ZFirstScreenPreloads>;
