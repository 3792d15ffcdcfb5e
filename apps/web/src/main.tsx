import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createAppRouter } from './app/app';
import { Providers } from './app/providers';
import { ConfigErrorPage } from './shared/components/config-error-page';
import { startFocusTracking } from './shared/components/dialog-focus';
import { loadRuntimeConfigOnce } from './shared/config/runtime-config';
import { prepareFormatters } from './shared/format/format';
import { initI18n } from './shared/i18n/i18n';
import { detectLocale, localeIso } from './shared/i18n/locale';

/**
 * The language's catalogue and the runtime config load together; nothing renders before both settle, so
 * no screen flashes untranslated keys and even a config failure is translated. The router starts as soon
 * as the config (preloaded by index.html) is in: the page's code and its first data then download while
 * the catalogue does, instead of one after the other.
 */
async function bootstrap() {
  startFocusTracking();
  const locale = detectLocale({
    pathname: window.location.pathname,
    cookie: document.cookie,
    languages: navigator.languages ?? [],
  });
  const catalogue = initI18n(locale);
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root');
  const root = createRoot(container);
  const started = loadRuntimeConfigOnce().then((config) => {
    document.title = config.platformName;
    const router = createAppRouter();
    // A task of its own, now: the first screen is waiting for its data, and an idle callback would
    // often come only after that data has rendered.
    setTimeout(() => prepareFormatters(localeIso(locale)), 0);
    return router;
  });
  // A catalogue that failed to load was logged by i18n; the app still starts.
  const [, routerResult] = await Promise.allSettled([catalogue, started]);
  // A transition: React renders the first screen in slices, so input is never blocked for long.
  startTransition(() => {
    if (routerResult.status === 'fulfilled') {
      root.render(
        <StrictMode>
          <Providers>
            <App router={routerResult.value} />
          </Providers>
        </StrictMode>,
      );
      return;
    }
    console.error('Could not load the runtime configuration', routerResult.reason);
    root.render(
      <Providers>
        <ConfigErrorPage />
      </Providers>,
    );
  });
}

void bootstrap();
