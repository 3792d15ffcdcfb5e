import type { CataloguePart, Permission } from '@caudal/contract';
import { createBrowserRouter, type LoaderFunctionArgs, Navigate, type RouteObject } from 'react-router';
import { prefetchClientList } from '../features/wealth/api/client-queries';
import { LoadingPage } from '../shared/components/loading-page';
import { NotFoundPage } from '../shared/components/not-found-page';
import { addCatalogueParts } from '../shared/i18n/i18n';
import { withChunkReload } from '../shared/routing/chunk-reload';
import type { PageHandle, PageLoader } from '../shared/routing/page-handle';
import { RequireAdmin } from '../shared/routing/require-admin';
import { RequirePermission } from '../shared/routing/require-permission';
import { RouteErrorPage } from '../shared/routing/route-error-page';
import { prefetchSession } from '../shared/session/session-queries';
import { LocaleRoot, RootRedirect } from './locale-root';
import { queryClient } from './query-client';
import { RouteProgress } from './route-progress';

/**
 * Every page is a lazy chunk (first load = shell only). Each loader goes through `withChunkReload`, so a
 * stale deploy reloads the page instead of breaking. A route `loader` (static, so it runs while the chunk
 * downloads) only starts the page's first queries; it never waits for them.
 */
type Loader = PageLoader;
type PageRoute = Pick<RouteObject, 'lazy' | 'loader'> & { handle: PageHandle };
/** A page's code, with the catalogue parts its texts come from (the `core` part is always there). */
const page = (loadCode: Loader, parts: readonly CataloguePart[] = []): PageRoute => {
  const load: Loader = () => Promise.all([loadCode(), addCatalogueParts(parts)]).then(([loaded]) => loaded);
  return { lazy: withChunkReload(load), handle: { load } };
};

/** Layouts are lazy too: the login page does not carry the signed-in frame, nor the lists the login form. */
const layouts = {
  session: page(() =>
    import('../shared/layouts/session-layout').then((m) => ({ Component: m.SessionLayout })),
  ),
  main: {
    ...page(() => import('../shared/layouts/main-layout').then((m) => ({ Component: m.MainLayout }))),
    loader: () => prefetchSession(queryClient),
  },
  plain: page(() => import('../shared/layouts/plain-layout').then((m) => ({ Component: m.PlainLayout }))),
};

const auth = {
  loginEntry: page(() =>
    import('../features/auth/routes/login-entry-route').then((m) => ({ Component: m.LoginEntryRoute })),
  ),
  login: page(() => import('../features/auth/routes/login-route').then((m) => ({ Component: m.LoginRoute }))),
  forgot: page(() =>
    import('../features/auth/routes/forgot-password-route').then((m) => ({
      Component: m.ForgotPasswordRoute,
    })),
  ),
  reset: page(() =>
    import('../features/auth/routes/reset-password-route').then((m) => ({ Component: m.ResetPasswordRoute })),
  ),
  oidc: page(() =>
    import('../features/auth/routes/oidc-start-route').then((m) => ({ Component: m.OidcStartRoute })),
  ),
  callback: page(() =>
    import('../features/auth/routes/oidc-callback-route').then((m) => ({ Component: m.OidcCallbackRoute })),
  ),
  logout: page(() =>
    import('../features/auth/routes/logout-route').then((m) => ({ Component: m.LogoutRoute })),
  ),
  logoutSuccess: page(() =>
    import('../features/auth/routes/logout-success-route').then((m) => ({ Component: m.LogoutSuccessRoute })),
  ),
};

const platformPages = {
  landing: page(() =>
    import('../features/platform/routes/landing-route').then((m) => ({ Component: m.LandingRoute })),
  ),
  me: page(() => import('../features/platform/routes/me-route').then((m) => ({ Component: m.MeRoute }))),
  health: page(() =>
    import('../features/platform/routes/health-route').then((m) => ({ Component: m.HealthRoute })),
  ),
};

/** Wealth screens: one chunk per route, so the client list does not carry the transactions' date picker. */
const wealthPages = {
  clients: {
    ...page(
      () =>
        import('../features/wealth/routes/client-list-route').then((m) => ({ Component: m.ClientListRoute })),
      ['wealth'],
    ),
    loader: ({ request }: LoaderFunctionArgs) => prefetchClientList(queryClient, new URL(request.url)),
  },
  client: page(
    () => import('../features/wealth/routes/client-route').then((m) => ({ Component: m.ClientRoute })),
    ['wealth'],
  ),
  clientTabs: page(
    () =>
      import('../features/wealth/routes/client-tabs-route').then((m) => ({ Component: m.ClientTabsRoute })),
    ['wealth', 'wealthOverview'],
  ),
  overview: page(
    () =>
      import('../features/wealth/routes/overview-tab-route').then((m) => ({ Component: m.OverviewTabRoute })),
    ['wealth', 'wealthOverview'],
  ),
  accounts: page(
    () =>
      import('../features/wealth/routes/accounts-tab-route').then((m) => ({ Component: m.AccountsTabRoute })),
    ['wealth'],
  ),
  portfolios: page(
    () =>
      import('../features/wealth/routes/portfolios-tab-route').then((m) => ({
        Component: m.PortfoliosTabRoute,
      })),
    ['wealth'],
  ),
  liabilities: page(
    () =>
      import('../features/wealth/routes/liabilities-tab-route').then((m) => ({
        Component: m.LiabilitiesTabRoute,
      })),
    ['wealth'],
  ),
  account: page(
    () =>
      import('../features/wealth/routes/account-detail-route').then((m) => ({
        Component: m.AccountDetailRoute,
      })),
    ['wealth'],
  ),
  liability: page(
    () =>
      import('../features/wealth/routes/liability-detail-route').then((m) => ({
        Component: m.LiabilityDetailRoute,
      })),
    ['wealth'],
  ),
  portfolio: page(
    () => import('../features/wealth/routes/portfolio-route').then((m) => ({ Component: m.PortfolioRoute })),
    ['wealth', 'wealthOverview'],
  ),
  investments: page(
    () =>
      import('../features/wealth/routes/portfolio-investments-route').then((m) => ({
        Component: m.PortfolioInvestmentsRoute,
      })),
    ['wealth'],
  ),
  portfolioTransactions: page(
    () =>
      import('../features/wealth/routes/portfolio-transactions-route').then((m) => ({
        Component: m.PortfolioTransactionsRoute,
      })),
    ['wealth'],
  ),
  investment: page(
    () =>
      import('../features/wealth/routes/investment-detail-route').then((m) => ({
        Component: m.InvestmentDetailRoute,
      })),
    ['wealth', 'wealthOverview'],
  ),
};

/** `/wealth/clients/:clientId/…` (spec section 2): tabs with the client header, and product pages. */
const clientRoutes: RouteObject[] = [
  {
    ...wealthPages.clientTabs,
    children: [
      // The overview is the default tab (issue 31); the spec's tab paths stay as they were.
      { index: true, element: <Navigate to="overview" replace /> },
      { path: 'overview', ...wealthPages.overview },
      { path: 'accounts', ...wealthPages.accounts },
      { path: 'portfolios', ...wealthPages.portfolios },
      { path: 'liabilities', ...wealthPages.liabilities },
    ],
  },
  { path: 'accounts/:accountId', ...wealthPages.account },
  { path: 'liabilities/:liabilityId', ...wealthPages.liability },
  {
    path: 'portfolios/:portfolioId',
    ...wealthPages.portfolio,
    children: [
      { index: true, ...wealthPages.investments },
      { path: 'transactions', ...wealthPages.portfolioTransactions },
    ],
  },
  { path: 'portfolios/:portfolioId/:investmentId', ...wealthPages.investment },
];

/** Connections screens (signed in) and the public hosted connect flow, each its own chunk. */
const connectionPages = {
  summary: page(
    () =>
      import('../features/connections/routes/connections-route').then((m) => ({
        Component: m.ConnectionsRoute,
      })),
    ['connections', 'connect'],
  ),
  entity: page(
    () =>
      import('../features/connections/routes/connection-detail-route').then((m) => ({
        Component: m.ConnectionDetailRoute,
      })),
    ['connections', 'connect', 'funnel'],
  ),
  hosted: page(
    () => import('../features/connect/routes/connect-route').then((m) => ({ Component: m.ConnectRoute })),
    ['connect'],
  ),
  done: page(
    () =>
      import('../features/connect/routes/connect-done-route').then((m) => ({
        Component: m.ConnectDoneRoute,
      })),
    ['connect'],
  ),
};

/** Summary dashboard and custom CSS editor: their heavy libraries (charts, CodeMirror) stay in these chunks. */
const brandingPages = {
  summary: page(
    () => import('../features/summary/routes/summary-route').then((m) => ({ Component: m.SummaryRoute })),
    ['summary', 'funnel'],
  ),
  customCss: page(
    () =>
      import('../features/custom-css/routes/custom-css-route').then((m) => ({ Component: m.CustomCssRoute })),
    ['customCss'],
  ),
};

/** The unmatched products queue and its hidden list. */
const unmatchedPages = {
  pending: page(
    () =>
      import('../features/unmatched/routes/unmatched-route').then((m) => ({ Component: m.UnmatchedRoute })),
    ['unmatched'],
  ),
  hidden: page(
    () =>
      import('../features/unmatched/routes/unmatched-hidden-route').then((m) => ({
        Component: m.UnmatchedHiddenRoute,
      })),
    ['unmatched'],
  ),
};

/** The export wizard and the quick export; the date picker loads with them, not before. */
const exportPages = {
  wizard: page(
    () =>
      import('../features/exports/routes/export-wizard-route').then((m) => ({
        Component: m.ExportWizardRoute,
      })),
    ['exports', 'wealth'],
  ),
  quick: page(
    () =>
      import('../features/exports/routes/quick-export-route').then((m) => ({
        Component: m.QuickExportRoute,
      })),
    ['exports', 'wealth'],
  ),
};

/** Portal users: the list (with its dialogs) and the create page. */
const portalPages = {
  users: page(
    () =>
      import('../features/portals/routes/portal-users-route').then((m) => ({
        Component: m.PortalUsersRoute,
      })),
    ['portals'],
  ),
  create: page(
    () =>
      import('../features/portals/routes/portal-user-create-route').then((m) => ({
        Component: m.PortalUserCreateRoute,
      })),
    ['portals'],
  ),
};

/** The Team section (admins) and the invitation's set-password screen (a session route). */
const teamPages = {
  team: page(
    () => import('../features/team/routes/team-route').then((m) => ({ Component: m.TeamRoute })),
    ['team'],
  ),
  invitation: page(
    () => import('../features/team/routes/invitation-route').then((m) => ({ Component: m.InvitationRoute })),
    ['team'],
  ),
};

/** The signed-in user's own account security (two-factor, sessions): from the account menu. */
const securityPage = page(() =>
  import('../features/security/routes/security-route').then((m) => ({ Component: m.SecurityRoute })),
);

/** The audit log (admins, issue 26). */
const auditPage = page(
  () => import('../features/audit/routes/audit-route').then((m) => ({ Component: m.AuditRoute })),
  ['audit'],
);

/**
 * Spec section 9: after a page shows, the code of the pages a user most likely opens next is fetched when
 * the browser is idle (skipped on slow connections and with data saver).
 */
const prefetchAfter = (from: PageRoute, next: PageRoute[]) => {
  from.handle.next = next.map((target) => target.handle.load);
};
prefetchAfter(auth.login, [layouts.main, platformPages.landing, wealthPages.clients]);
// From the list, a user opens a client: its frame and first tab. The other sections are a menu away and
// load on demand; prefetching them too ran their code on a slow phone while it was still showing the list.
prefetchAfter(wealthPages.clients, [wealthPages.client, wealthPages.clientTabs, wealthPages.overview]);
prefetchAfter(wealthPages.overview, [wealthPages.accounts, wealthPages.portfolios, wealthPages.liabilities]);
prefetchAfter(wealthPages.accounts, [wealthPages.portfolios, wealthPages.liabilities, wealthPages.account]);
prefetchAfter(wealthPages.portfolios, [wealthPages.portfolio, wealthPages.investments]);
prefetchAfter(wealthPages.liabilities, [wealthPages.liability]);
prefetchAfter(unmatchedPages.pending, [unmatchedPages.hidden, wealthPages.clients]);
prefetchAfter(connectionPages.summary, [connectionPages.entity]);

/** Links: the staff list, the public hosted Link page and the public /link-callback. */
/** `/applications`: API applications (client id and secret). */
const applicationsPage = page(
  () =>
    import('../features/applications/routes/applications-route').then((m) => ({
      Component: m.ApplicationsRoute,
    })),
  ['applications'],
);

/** `/applications/:clientId/:tab`: an application's Webhooks tab and client secret (issue 28). */
const applicationPage = page(
  () =>
    import('../features/webhooks/routes/application-route').then((m) => ({ Component: m.ApplicationRoute })),
  ['applications', 'webhooks'],
);

const linkPages = {
  list: page(
    () => import('../features/links/routes/links-route').then((m) => ({ Component: m.LinksRoute })),
    ['links', 'connect'],
  ),
  hosted: page(
    () =>
      import('../features/links/routes/hosted-link-route').then((m) => ({ Component: m.HostedLinkRoute })),
    ['links', 'connect'],
  ),
  callback: page(
    () =>
      import('../features/links/routes/link-callback-route').then((m) => ({
        Component: m.LinkCallbackRoute,
      })),
    ['links', 'connect'],
  ),
  funnel: page(
    () =>
      import('../features/funnel/routes/link-funnel-route').then((m) => ({ Component: m.LinkFunnelRoute })),
    ['links', 'funnel'],
  ),
};

/** A group of routes that needs one permission; without it they say so, and why (spec section 6). */
const guarded = (permission: Permission, children: RouteObject[]): RouteObject => ({
  element: <RequirePermission permission={permission} />,
  children,
});

const signedInRoutes: RouteObject[] = [
  { index: true, ...platformPages.landing },
  { path: 'me', ...platformPages.me },
  { path: 'account/security', ...securityPage },
  guarded('summary', [{ path: 'summary', ...brandingPages.summary }]),
  guarded('wealth', [
    { path: 'wealth/clients', ...wealthPages.clients },
    { path: 'wealth/clients/:clientId', ...wealthPages.client, children: clientRoutes },
    { path: 'wealth/unmatched', ...unmatchedPages.pending },
    { path: 'wealth/unmatched/hidden', ...unmatchedPages.hidden },
    { path: 'wealth/export', ...exportPages.wizard },
    { path: 'wealth/export2', ...exportPages.quick },
    { path: 'wealth/connections', ...connectionPages.summary },
    { path: 'wealth/connections/:entityId', ...connectionPages.entity },
  ]),
  guarded('applications', [
    { path: 'applications', ...applicationsPage },
    { path: 'applications/:clientId', element: <Navigate to="webhooks" replace /> },
    { path: 'applications/:clientId/:tab', ...applicationPage },
  ]),
  guarded('links', [
    { path: 'links', ...linkPages.list },
    { path: 'links/:token/funnel', ...linkPages.funnel },
  ]),
  guarded('customCSS', [{ path: 'custom-css', ...brandingPages.customCss }]),
  guarded('portals', [
    { path: 'portals', element: <Navigate to="users" replace /> },
    { path: 'portals/users', ...portalPages.users },
    { path: 'portals/users/create', ...portalPages.create },
  ]),
  {
    element: <RequireAdmin />,
    children: [
      { path: 'team', ...teamPages.team },
      { path: 'audit', ...auditPage },
    ],
  },
];

const sessionRoutes: RouteObject[] = [
  { path: 'auth/login', ...auth.loginEntry },
  { path: 'auth/oidc', ...auth.oidc },
  { path: 'auth/callback', ...auth.callback },
  { path: 'auth/logout', ...auth.logout },
  { path: 'auth/logout/success', ...auth.logoutSuccess },
  { path: 'sesion/login', ...auth.login },
  { path: 'sesion/legacy-login', ...auth.login },
  { path: 'sesion/forgotPassword', ...auth.forgot },
  { path: 'sesion/resetPassword', ...auth.reset },
  { path: 'sesion/invitation', ...teamPages.invitation },
];

export const routes: RouteObject[] = [
  {
    Component: RouteProgress,
    ErrorBoundary: RouteErrorPage,
    // Shown while the first route's lazy chunk loads.
    HydrateFallback: () => <LoadingPage fullScreen />,
    children: [
      { path: '/', Component: RootRedirect },
      {
        path: '/:lang',
        Component: LocaleRoot,
        ErrorBoundary: RouteErrorPage,
        children: [
          { ...layouts.session, children: sessionRoutes },
          // Public and outside the main layout: a third party opens it, with no staff session.
          { path: 'connect/done', ...connectionPages.done },
          { path: 'connect/:token', ...connectionPages.hosted },
          { path: 'link/:token', ...linkPages.hosted },
          {
            ...layouts.plain,
            children: [
              { path: 'health', ...platformPages.health },
              // Public (decision 0013): the Link's visitor lands here with no staff session.
              { path: 'link-callback', ...linkPages.callback },
            ],
          },
          { ...layouts.main, ErrorBoundary: RouteErrorPage, children: signedInRoutes },
          { ...layouts.plain, children: [{ path: '*', Component: NotFoundPage }] },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
