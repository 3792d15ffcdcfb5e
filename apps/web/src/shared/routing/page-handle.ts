import type { ComponentType } from 'react';

/** A page's code, as a lazy route loads it. */
export type PageLoader = () => Promise<{ Component: ComponentType }>;

/**
 * The `handle` of every page route: `load` fetches the page's code; `next` are the pages prefetched
 * once it shows (app/route-progress.tsx). Its own module, so the router and the progress bar that reads
 * it do not import each other.
 */
export interface PageHandle {
  load: PageLoader;
  next?: PageLoader[];
}
