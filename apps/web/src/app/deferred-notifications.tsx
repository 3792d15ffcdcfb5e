import { notificationsStore } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState } from 'react';

const Notifications = lazy(() =>
  import('./notifications-container').then((module) => ({ default: module.Notifications })),
);

const hasToasts = () => {
  const { notifications, queue } = notificationsStore.getState();
  return notifications.length > 0 || queue.length > 0;
};

/**
 * The toasts' container (and its transition and scroll-lock libraries) is not needed to paint any
 * screen, so it loads the first time a toast is raised: `notifications.show()` only writes to a store,
 * and the container shows what the store holds as soon as it mounts. Loading it on idle instead put it
 * into the first load of every page on a slow device (issue 9: <= 200 KB before the first screen).
 *
 * Bottom right: at the top, a toast lay over the header's account menu for its few seconds, so signing
 * out right after a change ("Two-step verification is on") meant waiting for it or closing it first.
 */
export function DeferredNotifications() {
  const [mounted, setMounted] = useState(hasToasts);
  useEffect(() => {
    if (mounted) return;
    if (hasToasts()) {
      setMounted(true);
      return;
    }
    return notificationsStore.subscribe(() => {
      if (hasToasts()) setMounted(true);
    });
  }, [mounted]);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="bottom-right" zIndex={1000} />
    </Suspense>
  );
}
