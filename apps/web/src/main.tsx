import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { Providers } from './app/providers';
import { ConfigErrorPage } from './shared/components/config-error-page';
import { loadRuntimeConfig } from './shared/config/runtime-config';
import { initI18n } from './shared/i18n/i18n';
import { detectLocale } from './shared/i18n/locale';

/**
 * The language's catalogue and the runtime config load together; nothing renders before both settle, so
 * no screen flashes untranslated keys and even a config failure is translated.
 */
async function bootstrap() {
  const catalogue = initI18n(
    detectLocale({
      pathname: window.location.pathname,
      cookie: document.cookie,
      languages: navigator.languages ?? [],
    }),
  );
  const runtimeConfig = loadRuntimeConfig();
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root');
  const root = createRoot(container);
  // A catalogue that failed to load was logged by i18n; the app still starts.
  const [, configResult] = await Promise.allSettled([catalogue, runtimeConfig]);
  try {
    if (configResult.status === 'rejected') throw configResult.reason;
    const config = configResult.value;
    document.title = config.platformName;
    root.render(
      <StrictMode>
        <Providers>
          <App />
        </Providers>
      </StrictMode>,
    );
  } catch (error) {
    console.error('Could not load the runtime configuration', error);
    root.render(
      <Providers>
        <ConfigErrorPage />
      </Providers>,
    );
  }
}

void bootstrap();
