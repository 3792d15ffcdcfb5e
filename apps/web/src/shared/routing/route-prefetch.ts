/**
 * Route prefetch (spec section 9): once a page has rendered and the browser is idle (at the latest after
 * 2,000 ms), fetch the code of the routes a user most likely opens next, so that click renders at once.
 * Never on 2g or with data saver on: there the bytes cost more than the wait.
 */
export const PREFETCH_IDLE_TIMEOUT_MS = 2000;

/** The part of `navigator.connection` (Network Information API; Chromium only) we read. */
export interface ConnectionInfo {
  saveData?: boolean;
  effectiveType?: string;
}

const SLOW_CONNECTIONS = new Set(['slow-2g', '2g']);

/** Whether prefetching is worth it on this connection; browsers that do not say are assumed fine. */
export function shouldPrefetch(connection: ConnectionInfo | null | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData === true) return false;
  return !SLOW_CONNECTIONS.has(connection.effectiveType ?? '');
}

export interface IdleScheduler {
  /** Runs `callback` when the browser is idle, or after `timeoutMs` at the latest; answers a cancel. */
  schedule(callback: () => void, timeoutMs: number): () => void;
}

/** requestIdleCallback where it exists (not in Safari): there, a plain timeout stands in for it. */
export function browserIdleScheduler(): IdleScheduler {
  return {
    schedule(callback, timeoutMs) {
      if (typeof window.requestIdleCallback === 'function') {
        const handle = window.requestIdleCallback(() => callback(), { timeout: timeoutMs });
        return () => window.cancelIdleCallback(handle);
      }
      const handle = window.setTimeout(callback, Math.min(timeoutMs, 200));
      return () => window.clearTimeout(handle);
    },
  };
}

export type RouteLoader = () => Promise<unknown>;

interface PrefetcherDeps {
  connection: () => ConnectionInfo | null | undefined;
  scheduler: IdleScheduler;
}

/**
 * Prefetches each route module once, one per idle period: each route's code is fetched, its stylesheets
 * attached and its modules run in a task of its own, never all in one long task that would hold up a
 * slow phone's input. A failed prefetch is forgotten (the real navigation retries and handles a stale
 * deploy); it never reloads the page or reaches an error boundary.
 */
export function createRoutePrefetcher({ connection, scheduler }: PrefetcherDeps) {
  const started = new Set<RouteLoader>();
  return {
    /** Schedules the loaders over the next idle periods; answers a cancel (e.g. the user navigated on). */
    prefetch(loaders: readonly RouteLoader[]): () => void {
      const pending = loaders.filter((load) => !started.has(load));
      if (pending.length === 0 || !shouldPrefetch(connection())) return () => {};
      let cancelled = false;
      let cancelScheduled = () => {};
      const next = () => {
        cancelScheduled = scheduler.schedule(() => {
          const load = pending.find((candidate) => !started.has(candidate));
          if (!load || cancelled) return;
          started.add(load);
          load()
            .catch(() => started.delete(load))
            .finally(() => {
              if (!cancelled && pending.some((candidate) => !started.has(candidate))) next();
            });
        }, PREFETCH_IDLE_TIMEOUT_MS);
      };
      next();
      return () => {
        cancelled = true;
        cancelScheduled();
      };
    },
  };
}

type NavigatorWithConnection = Navigator & { connection?: ConnectionInfo };

/** The prefetcher of this page, reading the live connection each time (it can change). */
export const routePrefetcher =
  typeof window === 'undefined'
    ? null
    : createRoutePrefetcher({
        connection: () => (navigator as NavigatorWithConnection).connection,
        scheduler: browserIdleScheduler(),
      });
