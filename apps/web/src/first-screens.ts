import { type CallerGrants, type CallRoute, canCall, platform, wealth } from '@caudal/contract/routes';
import { clientListRequest, parseListParams } from './features/wealth/lib/list-params';
import { localeFromPath, stripLocale } from './shared/i18n/locale';
import { isSignedInPath } from './shared/routing/paths';

/**
 * The first-load manifest (decisions 0021, 0022 and 0038): the screens a visitor lands on, with their
 * route modules, paths, catalogue parts and the calls their route loaders make before any answer is in.
 * Everything the first-load machinery knows comes from here:
 * - the build groups each screen's code into one chunk (build/first-screen-chunks.ts) and fails when a
 *   module listed here is not a lazy route module of the build (renamed, moved, imported statically);
 * - the build fails when its chunks would import each other (build/chunk-cycles.ts, decision 0045);
 * - the build lists the screen's files for the API to preload with `index.html` (first-screens.json);
 * - the early entry (early-start.ts) starts these calls while the app's code downloads, and the build
 *   fails when they differ from what the router's loaders ask for (build/first-screen-calls.ts).
 * Any other screen needs nothing here: a lazy route in app/router.tsx and an entry in the e2e sweeps.
 */

/** A call a first screen's route loader makes before any answer is in; the early entry starts the same. */
export interface EarlyCall {
  route: CallRoute;
  /** Its body, from the page's address (the list's page, search and sort). */
  body: (url: URL) => unknown;
}

export interface FirstScreenEntry {
  /** The name of the chunk its code goes to. */
  name: string;
  /** The lazy modules (layouts, routes) it renders, from `src/`, as app/router.tsx imports them. */
  modules: readonly string[];
  /** Its paths after the language prefix (`/wealth/clients`); none for a prefetch-only screen. */
  paths: readonly string[];
  /** The catalogue part modules its first render needs (`core`, `wealth-section`). */
  catalogue: readonly string[];
  /** Calls its route loaders start on its paths, on top of the signed-in frame's (below). */
  earlyCalls?: readonly EarlyCall[];
  /**
   * Take only code no other screen loads; what it shares with other screens goes to `<name>-shared`.
   * Right for the login page, whose form and layout would otherwise follow every other form.
   */
  ownCodeOnly?: boolean;
  /** Not a first screen but the one opened next (prefetched): a few chunks, never a first screen's code. */
  prefetchOnly?: boolean;
}

const empty = () => ({});

/** What the main layout's loader starts on every signed-in page: the identity and the institutions. */
export const SIGNED_IN_EARLY_CALLS: readonly EarlyCall[] = [
  { route: platform.me, body: empty },
  { route: platform.listEntities, body: empty },
];

export const FIRST_SCREENS: readonly FirstScreenEntry[] = [
  {
    name: 'session',
    ownCodeOnly: true,
    modules: ['shared/layouts/session-layout.tsx', 'features/auth/routes/login-route.tsx'],
    paths: ['/sesion/login', '/sesion/legacy-login'],
    catalogue: ['core'],
  },
  {
    name: 'signed-in',
    modules: ['shared/layouts/main-layout.tsx', 'features/wealth/routes/client-list-route.tsx'],
    paths: ['/wealth/clients'],
    catalogue: ['core', 'wealth-section'],
    earlyCalls: [
      { route: wealth.clientList, body: (url) => clientListRequest(parseListParams(url.searchParams)) },
    ],
  },
  {
    // What the list prefetches: a client's frame, its tabs and its first tab, the overview.
    name: 'client-page',
    prefetchOnly: true,
    ownCodeOnly: true,
    modules: [
      'features/wealth/routes/client-route.tsx',
      'features/wealth/routes/client-tabs-route.tsx',
      'features/wealth/routes/overview-tab-route.tsx',
    ],
    paths: [],
    catalogue: [],
  },
];

/**
 * The calls the early entry starts on this address with this session: the signed-in frame's on any
 * signed-in page, and the first screen's own on its paths. A module's call only when the session's
 * remembered access allows it (unknown, the route's loader asks once the identity is in): a 403 would
 * sign the user out (spec section 8).
 */
export function earlyCallsFor(
  url: URL,
  hasToken: boolean,
  access: CallerGrants | null,
): { route: CallRoute; body: unknown }[] {
  const path = stripLocale(url.pathname);
  if (!hasToken || localeFromPath(url.pathname) === null || !isSignedInPath(path)) return [];
  const screen = FIRST_SCREENS.find((candidate) => candidate.paths.includes(path));
  const own = (screen?.earlyCalls ?? []).filter((call) => access !== null && canCall(access, call.route));
  return [...SIGNED_IN_EARLY_CALLS, ...own].map((call) => ({ route: call.route, body: call.body(url) }));
}
