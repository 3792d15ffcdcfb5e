import type { Permission } from '@caudal/contract';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LoadingPage } from '../shared/components/loading-page';
import { NotFoundPage } from '../shared/components/not-found-page';
import { MainLayout } from '../shared/layouts/main-layout';
import { PlainLayout } from '../shared/layouts/plain-layout';
import { SessionLayout } from '../shared/layouts/session-layout';
import { withChunkReload } from '../shared/routing/chunk-reload';
import { RequirePermission } from '../shared/routing/require-permission';
import { RouteErrorPage } from '../shared/routing/route-error-page';
import { LocaleRoot, RootRedirect } from './locale-root';
import { RouteProgress } from './route-progress';

/**
 * Every page is a lazy chunk (first load = shell only). Each loader goes through `withChunkReload`, so a
 * stale deploy reloads the page instead of breaking.
 */
type Loaded = { Component: React.ComponentType };
const page = (load: () => Promise<Loaded>): Pick<RouteObject, 'lazy'> => ({ lazy: withChunkReload(load) });

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
  clients: page(() =>
    import('../features/wealth/routes/client-list-route').then((m) => ({ Component: m.ClientListRoute })),
  ),
  client: page(() =>
    import('../features/wealth/routes/client-route').then((m) => ({ Component: m.ClientRoute })),
  ),
  clientTabs: page(() =>
    import('../features/wealth/routes/client-tabs-route').then((m) => ({ Component: m.ClientTabsRoute })),
  ),
  accounts: page(() =>
    import('../features/wealth/routes/accounts-tab-route').then((m) => ({ Component: m.AccountsTabRoute })),
  ),
  portfolios: page(() =>
    import('../features/wealth/routes/portfolios-tab-route').then((m) => ({
      Component: m.PortfoliosTabRoute,
    })),
  ),
  liabilities: page(() =>
    import('../features/wealth/routes/liabilities-tab-route').then((m) => ({
      Component: m.LiabilitiesTabRoute,
    })),
  ),
  account: page(() =>
    import('../features/wealth/routes/account-detail-route').then((m) => ({
      Component: m.AccountDetailRoute,
    })),
  ),
  liability: page(() =>
    import('../features/wealth/routes/liability-detail-route').then((m) => ({
      Component: m.LiabilityDetailRoute,
    })),
  ),
  portfolio: page(() =>
    import('../features/wealth/routes/portfolio-route').then((m) => ({ Component: m.PortfolioRoute })),
  ),
  investments: page(() =>
    import('../features/wealth/routes/portfolio-investments-route').then((m) => ({
      Component: m.PortfolioInvestmentsRoute,
    })),
  ),
  portfolioTransactions: page(() =>
    import('../features/wealth/routes/portfolio-transactions-route').then((m) => ({
      Component: m.PortfolioTransactionsRoute,
    })),
  ),
  investment: page(() =>
    import('../features/wealth/routes/investment-detail-route').then((m) => ({
      Component: m.InvestmentDetailRoute,
    })),
  ),
};

/** `/wealth/clients/:clientId/…` (spec section 2): tabs with the client header, and product pages. */
const clientRoutes: RouteObject[] = [
  {
    ...wealthPages.clientTabs,
    children: [
      // The accounts tab is the default one.
      { index: true, element: <Navigate to="accounts" replace /> },
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
  summary: page(() =>
    import('../features/connections/routes/connections-route').then((m) => ({
      Component: m.ConnectionsRoute,
    })),
  ),
  entity: page(() =>
    import('../features/connections/routes/connection-detail-route').then((m) => ({
      Component: m.ConnectionDetailRoute,
    })),
  ),
  hosted: page(() =>
    import('../features/connect/routes/connect-route').then((m) => ({ Component: m.ConnectRoute })),
  ),
};

/** The unmatched products queue and its hidden list. */
const unmatchedPages = {
  pending: page(() =>
    import('../features/unmatched/routes/unmatched-route').then((m) => ({ Component: m.UnmatchedRoute })),
  ),
  hidden: page(() =>
    import('../features/unmatched/routes/unmatched-hidden-route').then((m) => ({
      Component: m.UnmatchedHiddenRoute,
    })),
  ),
};

type SectionName = keyof typeof import('../features/placeholders/routes/section-routes');
const section = (name: SectionName) =>
  page(() => import('../features/placeholders/routes/section-routes').then((m) => ({ Component: m[name] })));

/** A group of routes that needs one permission; without it they answer 404 (spec section 6). */
const guarded = (permission: Permission, children: RouteObject[]): RouteObject => ({
  element: <RequirePermission permission={permission} />,
  children,
});

const signedInRoutes: RouteObject[] = [
  { index: true, ...platformPages.landing },
  { path: 'me', ...platformPages.me },
  guarded('summary', [{ path: 'summary', ...section('SummaryRoute') }]),
  guarded('wealth', [
    { path: 'wealth/clients', ...wealthPages.clients },
    { path: 'wealth/clients/:clientId', ...wealthPages.client, children: clientRoutes },
    { path: 'wealth/unmatched', ...unmatchedPages.pending },
    { path: 'wealth/unmatched/hidden', ...unmatchedPages.hidden },
    { path: 'wealth/export', ...section('ExportRoute') },
    { path: 'wealth/export2', ...section('Export2Route') },
    { path: 'wealth/connections', ...connectionPages.summary },
    { path: 'wealth/connections/:entityId', ...connectionPages.entity },
  ]),
  guarded('applications', [{ path: 'applications', ...section('ApplicationsRoute') }]),
  guarded('links', [
    { path: 'links', ...section('LinksRoute') },
    { path: 'link-callback', ...section('LinkCallbackRoute') },
  ]),
  guarded('customCSS', [{ path: 'custom-css', ...section('CustomCssRoute') }]),
  guarded('portals', [
    { path: 'portals', element: <Navigate to="users" replace /> },
    { path: 'portals/users', ...section('PortalUsersRoute') },
    { path: 'portals/users/create', ...section('PortalUserCreateRoute') },
  ]),
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
          { Component: SessionLayout, children: sessionRoutes },
          // Public and outside the main layout: a third party opens it, with no staff session.
          { path: 'connect/:token', ...connectionPages.hosted },
          { Component: PlainLayout, children: [{ path: 'health', ...platformPages.health }] },
          { Component: MainLayout, ErrorBoundary: RouteErrorPage, children: signedInRoutes },
          { Component: PlainLayout, children: [{ path: '*', Component: NotFoundPage }] },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
