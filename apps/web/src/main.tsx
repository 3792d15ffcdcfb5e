import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { Providers } from './app/providers';
import { ConfigErrorPage } from './shared/components/config-error-page';
import { loadRuntimeConfig } from './shared/config/runtime-config';
import { initI18n } from './shared/i18n/i18n';
import { detectLocale } from './shared/i18n/locale';

/** Language first (so even a config failure is translated), then the runtime config, then the app. */
async function bootstrap() {
  initI18n(
    detectLocale({
      pathname: window.location.pathname,
      cookie: document.cookie,
      languages: navigator.languages ?? [],
    }),
  );
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root');
  const root = createRoot(container);
  try {
    const config = await loadRuntimeConfig();
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
