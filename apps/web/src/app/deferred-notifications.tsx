import { notificationsStore } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

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
  const { t } = useTranslation();
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
  // A named region (landmark) holds the toasts: left in a bare portal at the end of the body, they were
  // content outside every landmark (axe "region"), which screen-reader users navigating by landmarks
  // skip. Mantine renders one fixed container per position, so the region is ours, not theirs (six
  // regions with one name). Each toast is still role="alert", announced as it appears.
  return (
    <section aria-label={t('shell.notifications')}>
      <Suspense fallback={null}>
        <Notifications position="bottom-right" zIndex={1000} withinPortal={false} />
      </Suspense>
    </section>
  );
}
