import { nprogress } from '@mantine/nprogress';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { createDelayedProgress } from '../shared/progress/delayed-progress';

/** Root route: drives the progress bar from route loading (lazy chunks) and from queries/mutations. */
export function RouteProgress() {
  const navigation = useNavigation();
  const fetching = useIsFetching();
  const mutating = useIsMutating();
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

  return <Outlet />;
}
