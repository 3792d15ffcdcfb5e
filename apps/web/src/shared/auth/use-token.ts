import { useSyncExternalStore } from 'react';
import { getToken, subscribeToken } from './token-store';

/** The loggedIn flag of the spec is "a token is stored"; this re-renders when it changes. */
export function useToken(): string | null {
  return useSyncExternalStore(subscribeToken, getToken, () => null);
}
