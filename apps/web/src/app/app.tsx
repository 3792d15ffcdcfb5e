import { RouterProvider } from 'react-router';
import { onSessionEnd } from '../shared/auth/session-end';
import { currentLocale } from '../shared/i18n/i18n';
import { localePath, stripLocale } from '../shared/i18n/locale';
import { PATHS } from '../shared/routing/paths';
import { queryClient } from './query-client';
import { createRouter } from './router';

export type AppRouter = ReturnType<typeof createRouter>;

/**
 * The router starts before the first render (bootstrap), so the page's code and data load while the
 * catalogue does. The session-end policy lives here because only the app owns both the router and the
 * query cache. The login page says why the session ended (session-end.ts keeps the reason): a toast
 * here was gone before the login page had painted, or never shown at all on a reload.
 */
export function createAppRouter(): AppRouter {
  const router = createRouter();
  onSessionEnd(() => {
    queryClient.clear();
    const here = stripLocale(router.state.location.pathname);
    if (here.startsWith('/sesion/') || here.startsWith('/auth/')) return;
    void router.navigate(localePath(currentLocale(), PATHS.login), { replace: true });
  });
  return router;
}

export function App({ router }: { router: AppRouter }) {
  return <RouterProvider router={router} />;
}
