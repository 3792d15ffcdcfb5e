import { Alert, Button } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { findShownStaleQueries, isShownStale } from '../api/stale-queries';

/**
 * Spec section 8's stale-data message, for every signed-in screen at once: the main layout shows it
 * above the page whenever a query on screen failed to refresh and its older data is still displayed.
 * No screen has to remember it, and new screens get it for free.
 */
export function StaleDataNotice() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const cache = queryClient.getQueryCache();
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]);
  const stale = useSyncExternalStore(subscribe, () => cache.getAll().some(isShownStale));
  if (!stale) return null;

  const retry = () => {
    for (const query of findShownStaleQueries(cache)) {
      void queryClient.refetchQueries({ queryKey: query.queryKey, exact: true });
    }
  };
  return (
    <Alert
      role="alert"
      color="orange"
      variant="light"
      mb="md"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      data-testid="stale-data"
    >
      <span>{t('errors.staleData')}</span>
      <Button
        variant="subtle"
        color="dark"
        size="compact-sm"
        ml="xs"
        leftSection={<IconRefresh size={14} aria-hidden />}
        onClick={retry}
      >
        {t('shell.status.retry')}
      </Button>
    </Alert>
  );
}
