import {
  AUTH_STORAGE_KEY,
  type CallerGrants,
  MODULES,
  PERMISSIONS,
  type RuntimeConfig,
} from '@caudal/contract/routes';
import { matchRoutes } from 'react-router';
import { queryClient } from '../src/app/query-client';
import { routes } from '../src/app/router';
import { earlyCallsFor, FIRST_SCREENS } from '../src/first-screens';
import { buildRequest } from '../src/shared/api/build-request';
import { rememberAccess } from '../src/shared/auth/token-store';
import { setRuntimeConfig } from '../src/shared/config/runtime-config';

/**
 * Loaded by build/first-screen-calls.ts in Vite's module runner (node), with the real router and the
 * real manifest: on each first screen's address, for sessions of every kind, the requests the router's
 * loaders make before any answer is in, against those the early entry starts. Any difference is a call
 * the app would make twice (the early one wasted) or one the early entry starts that nobody takes.
 */

const API = 'https://api.invalid';
const TOKEN = 'probe-token-0123456789abcdef';

interface Session {
  name: string;
  token: string | null;
  /** What the session's last identity said the user may call; null when not yet known. */
  access: CallerGrants | null;
}

const SESSIONS: Session[] = [
  { name: 'signed out', token: null, access: null },
  { name: 'access not yet known', token: TOKEN, access: null },
  {
    name: 'admin with every module',
    token: TOKEN,
    access: { user: { kind: 'staff', role: 'admin' }, modules: MODULES, permissions: PERMISSIONS },
  },
  {
    name: 'staff without wealth',
    token: TOKEN,
    access: { user: { kind: 'staff', role: 'member' }, modules: ['links'], permissions: ['links'] },
  },
  {
    name: 'portal user',
    token: TOKEN,
    access: { user: { kind: 'portal' }, modules: ['wealth'], permissions: ['wealth'] },
  },
];

/** Each first screen's paths, as landed on plainly and with a hand-edited list address; and a page that is none. */
function probeAddresses(): URL[] {
  const paths = FIRST_SCREENS.flatMap((screen) => screen.paths);
  const searches = ['', '?q=a&size=50&sort=alias&order=desc&page=x'];
  return [
    ...['es', 'en'].flatMap((lang) =>
      paths.flatMap((path) => searches.map((search) => new URL(`${API}/${lang}${path}${search}`))),
    ),
    new URL(`${API}/es/me`),
  ];
}

const CONFIG: RuntimeConfig = {
  apiBaseUrl: API,
  linkBaseUrl: '',
  redirectBaseUrl: '',
  authStrategy: 'local',
  oidc: null,
  providerName: 'Caudal',
  platformName: 'Caudal',
  rootRedirect: null,
  sessionIdleMinutes: 30,
};

function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, value),
  };
}

const keyOf = (method: string, url: string, init: RequestInit | undefined) =>
  `${method} ${url} ${new Headers(init?.headers).get('authorization') ?? '-'} ${String(init?.body ?? '')}`;

/** The requests the router's loaders make on this address before any answer is in. */
async function loaderRequests(url: URL): Promise<string[]> {
  const made: string[] = [];
  // No answer ever comes: what a loader asks only after one (the badge's count) is not a first call.
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    made.push(keyOf(init?.method ?? 'GET', String(input), init));
    return new Promise<Response>(() => {});
  }) as typeof fetch;
  queryClient.clear();
  const request = new Request(url);
  for (const match of matchRoutes(routes, url.pathname) ?? []) {
    const loader = match.route.loader;
    if (typeof loader === 'function')
      await loader({
        request,
        url,
        params: match.params,
        pattern: match.route.path ?? '',
        context: undefined,
      });
  }
  for (let tick = 0; tick < 5; tick += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  queryClient.clear();
  return made.sort();
}

function earlyRequests(url: URL, session: Session): string[] {
  return earlyCallsFor(url, session.token !== null, session.access)
    .map(({ route, body }) => buildRequest(route, body, session.token, API))
    .map((request) => keyOf(request.init.method ?? 'GET', request.url, request.init))
    .sort();
}

/** Every address and session where the early entry's calls differ from the loaders', described. */
export async function findEarlyCallDifferences(): Promise<string[]> {
  const saved = { fetch: globalThis.fetch, localStorage: globalThis.localStorage };
  const differences: string[] = [];
  setRuntimeConfig(CONFIG);
  try {
    for (const session of SESSIONS) {
      for (const url of probeAddresses()) {
        globalThis.localStorage = memoryStorage();
        if (session.token !== null) localStorage.setItem(AUTH_STORAGE_KEY, session.token);
        if (session.token !== null && session.access) rememberAccess(session.token, session.access);
        const early = earlyRequests(url, session);
        const app = await loaderRequests(url);
        const unused = [...early];
        // Each early answer is taken once: a request the loaders make twice needs two.
        const missing = app.filter((key) => {
          const at = unused.indexOf(key);
          if (at === -1) return true;
          unused.splice(at, 1);
          return false;
        });
        if (missing.length === 0 && unused.length === 0) continue;
        differences.push(
          [
            `${url.pathname}${url.search} (${session.name}):`,
            ...missing.map((key) => `  the loaders ask, the early entry does not start: ${key}`),
            ...unused.map((key) => `  the early entry starts, no loader asks: ${key}`),
          ].join('\n'),
        );
      }
    }
  } finally {
    globalThis.fetch = saved.fetch;
    globalThis.localStorage = saved.localStorage;
    setRuntimeConfig(null);
    queryClient.clear();
  }
  return differences;
}
