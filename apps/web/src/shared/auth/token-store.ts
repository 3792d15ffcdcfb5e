import { AUTH_STORAGE_KEY, type CallerGrants } from '@caudal/contract/routes';

/**
 * The bearer token lives in localStorage under `auth._token.local` (spec: global, prefix 'auth.'), so a
 * session survives reloads and is shared by tabs. Components subscribe through `useSyncExternalStore`.
 */
export type AuthStrategy = 'local' | 'oidc';
const STRATEGY_KEY = 'auth.strategy';
/** What the token's user may call, from its last identity: read by the page's first script. */
const ACCESS_KEY = 'auth.access';

type Listener = () => void;
const listeners = new Set<Listener>();

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // Storage disabled by the browser: behave as signed out.
  }
}

export function getToken(): string | null {
  return storage()?.getItem(AUTH_STORAGE_KEY) ?? null;
}

export function getStrategy(): AuthStrategy {
  return storage()?.getItem(STRATEGY_KEY) === 'oidc' ? 'oidc' : 'local';
}

export function setToken(token: string, strategy: AuthStrategy): void {
  storage()?.setItem(AUTH_STORAGE_KEY, token);
  storage()?.setItem(STRATEGY_KEY, strategy);
  notify();
}

export function clearToken(): void {
  storage()?.removeItem(AUTH_STORAGE_KEY);
  storage()?.removeItem(ACCESS_KEY);
  storage()?.removeItem(STRATEGY_KEY);
  notify();
}

/** A token's tail tells one session's remembered access from another's without storing the token twice. */
const fingerprint = (token: string) => token.slice(-16);

/** Remembers what this token's user may call (modules, permissions, kind; nothing else of the identity). */
export function rememberAccess(token: string, access: CallerGrants): void {
  const { modules, permissions, user } = access;
  storage()?.setItem(
    ACCESS_KEY,
    JSON.stringify({ token: fingerprint(token), modules, permissions, user: { kind: user.kind } }),
  );
}

/**
 * What this token's user could call when its identity last loaded; null when unknown (another
 * session's, or never loaded). The page's first script starts a module's call only when this says so:
 * a call the user lacks answers 403, and a 403 signs the user out (spec section 8).
 */
export function readAccess(token: string): CallerGrants | null {
  try {
    const stored = JSON.parse(storage()?.getItem(ACCESS_KEY) ?? 'null') as
      | (CallerGrants & { token?: unknown })
      | null;
    if (!stored || stored.token !== fingerprint(token)) return null;
    if (!Array.isArray(stored.modules) || !Array.isArray(stored.permissions)) return null;
    if (stored.user?.kind !== 'staff' && stored.user?.kind !== 'portal') return null;
    return { modules: stored.modules, permissions: stored.permissions, user: { kind: stored.user.kind } };
  } catch {
    return null;
  }
}

export function subscribeToken(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === AUTH_STORAGE_KEY) listener();
  };
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}

function notify(): void {
  for (const listener of listeners) listener();
}
