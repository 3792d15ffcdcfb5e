import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import '@mantine/nprogress/styles.layer.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { NavigationProgress } from '@mantine/nprogress';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '../shared/i18n/i18n';
import { localiseTheme } from '../shared/i18n/localised-theme';
import { PROGRESS_STEP_INTERVAL_MS } from '../shared/progress/delayed-progress';
import { DeferredNotifications } from './deferred-notifications';
import { queryClient } from './query-client';
import { theme } from './theme';

/**
 * The top loading bar: a visual echo only, hidden from screen readers. What is loading says so where it
 * loads (the screens' skeletons and tables are role="status" / aria-busy, named "Cargando…"); the bar,
 * portalled outside every landmark, was content no landmark held (axe "region") and a second, vaguer
 * announcement of the same wait.
 */
function PageProgress() {
  return <NavigationProgress stepInterval={PROGRESS_STEP_INTERVAL_MS} size={3} aria-hidden />;
}

/** Mantine with the theme's built-in control names in the current language. */
function LocalisedMantine({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const localised = useMemo(() => localiseTheme(theme, t), [t]);
  return (
    <MantineProvider theme={localised} defaultColorScheme="light">
      {children}
    </MantineProvider>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <LocalisedMantine>
        <PageProgress />
        <DeferredNotifications />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </LocalisedMantine>
    </I18nextProvider>
  );
}
