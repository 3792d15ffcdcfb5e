import { earlyCallsFor } from './first-screens';
import { buildRequest } from './shared/api/build-request';
import { startEarlyCall } from './shared/api/early-calls';
import { getToken, readAccess } from './shared/auth/token-store';
import { loadRuntimeConfigOnce } from './shared/config/runtime-config';

/**
 * The page's first script, a few KB that run while the app's code (React, Mantine, the router) is still
 * downloading: on a signed-in page it starts the calls the first screen's route loaders will make, as
 * the manifest lists them (first-screens.ts: the identity and the entity list; on the client list, the
 * page the address names), with the same requests the app makes, so on a slow network their answers are
 * in when the app asks (shared/api/early-calls.ts). The build fails if they ever differ from what the
 * router's loaders ask for (build/first-screen-calls.ts). Without a token, or anywhere else, it does
 * nothing. Only the built portal runs it (vite.config.ts adds it to the page); the dev server starts
 * without it.
 */
function startFirstScreenCalls(): void {
  const token = getToken();
  const calls = earlyCallsFor(
    new URL(window.location.href),
    token !== null,
    token === null ? null : readAccess(token),
  );
  if (calls.length === 0) return;
  loadRuntimeConfigOnce()
    .then(({ apiBaseUrl }) => {
      for (const { route, body } of calls) startEarlyCall(buildRequest(route, body, token, apiBaseUrl));
    })
    // A configuration that does not load is the bootstrap's to report (its error page).
    .catch(() => {});
}

startFirstScreenCalls();
