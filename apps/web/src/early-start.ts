import { type CallRoute, canCall, platform, wealth } from '@caudal/contract/routes';
import { clientListRequest, parseListParams } from './features/wealth/lib/list-params';
import { CLIENTS_PATH } from './features/wealth/lib/wealth-paths';
import { buildRequest } from './shared/api/build-request';
import { startEarlyCall } from './shared/api/early-calls';
import { getToken, readAccess } from './shared/auth/token-store';
import { loadRuntimeConfigOnce } from './shared/config/runtime-config';
import { localeFromPath, stripLocale } from './shared/i18n/locale';
import { isSignedInPath } from './shared/routing/paths';

/**
 * The page's first script, a few KB that run while the app's code (React, Mantine, the router) is still
 * downloading: on a signed-in page it starts the calls the first screen will make (the identity and the
 * entity list; on the client list, the page the address names) with the same requests the app makes, so
 * on a slow network their answers are in when the app asks (shared/api/early-calls.ts). Without a token,
 * or anywhere else, it does nothing. Only the built portal runs it (vite.config.ts adds it to the page);
 * the dev server starts without it.
 */
function startFirstScreenCalls(): void {
  const token = getToken();
  const path = stripLocale(window.location.pathname);
  if (token === null || localeFromPath(window.location.pathname) === null || !isSignedInPath(path)) return;
  loadRuntimeConfigOnce()
    .then(({ apiBaseUrl }) => {
      const start = (route: CallRoute, body: unknown) =>
        startEarlyCall(buildRequest(route, body, token, apiBaseUrl));
      start(platform.me, {});
      start(platform.listEntities, {});
      // Only when this session's last identity said the user may list clients; unknown, the list's
      // route asks once the identity is in (a 403 would sign the user out, spec section 8).
      const access = readAccess(token);
      if (path === CLIENTS_PATH && access !== null && canCall(access, wealth.clientList)) {
        start(
          wealth.clientList,
          clientListRequest(parseListParams(new URLSearchParams(window.location.search))),
        );
      }
    })
    // A configuration that does not load is the bootstrap's to report (its error page).
    .catch(() => {});
}

startFirstScreenCalls();
