import { nprogress } from '@mantine/nprogress';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useMatches, useNavigation } from 'react-router';
import { createDelayedProgress } from '../shared/progress/delayed-progress';
import type { PageHandle } from '../shared/routing/page-handle';
import { routePrefetcher } from '../shared/routing/route-prefetch';

/**
 * Root route: drives the progress bar from route loading (lazy chunks) and from queries/mutations, and
 * prefetches the likely next pages once a page has settled. It also owns the window's scroll: a new
 * page starts at the top, Back and Forward return to where the user was on that entry (React Router's
 * ScrollRestoration, keyed by history entry). Changes that stay on a page (a tab, a list's sort or
 * search, the language) navigate with `preventScrollReset`.
 */
export function RouteProgress() {
  const navigation = useNavigation();
  const fetching = useIsFetching();
  const mutating = useIsMutating();
  usePrefetchNextPages(navigation.state === 'idle' && fetching === 0);
  const [progress] = useState(() =>
    createDelayedProgress({
      start: () => {
        nprogress.reset();
        nprogress.start();
      },
      complete: () => nprogress.complete(),
      setTimer: (callback, ms) => window.setTimeout(callback, ms),
      clearTimer: (timer) => window.clearTimeout(timer as number),
    }),
  );
  const busy = navigation.state !== 'idle' || fetching > 0 || mutating > 0;

  useEffect(() => {
    progress.setBusy(busy);
  }, [busy, progress]);
  useEffect(() => () => progress.setBusy(false), [progress]);

  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

/**
 * The deepest matched page that names next pages, once the page has settled: no navigation under way and
 * its data in. Earlier, the prefetched code would compete with the page's own code and data for the
 * network and the main thread.
 */
function usePrefetchNextPages(settled: boolean) {
  const matches = useMatches();
  const next = settled
    ? matches.map((match) => (match.handle as PageHandle | undefined)?.next).findLast(Boolean)
    : undefined;
  useEffect(() => (next && routePrefetcher ? routePrefetcher.prefetch(next) : undefined), [next]);
}
