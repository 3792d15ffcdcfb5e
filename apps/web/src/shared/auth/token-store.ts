import { AUTH_STORAGE_KEY } from '@caudal/contract/routes';

/**
 * The bearer token lives in localStorage under `auth._token.local` (spec: global, prefix 'auth.'), so a
 * session survives reloads and is shared by tabs. Components subscribe through `useSyncExternalStore`.
 */
export type AuthStrategy = 'local' | 'oidc';
const STRATEGY_KEY = 'auth.strategy';

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
  storage()?.removeItem(STRATEGY_KEY);
  notify();
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
