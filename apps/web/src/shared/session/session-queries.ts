import { platform } from '@caudal/contract/routes';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../api/call-api';
import { getToken, rememberAccess } from '../auth/token-store';
import { prefetchUnmatchedCount } from '../unmatched-count/unmatched-count-query';

/**
 * The identity and the institution catalogue are needed by every signed-in screen (navigation, permission
 * checks, entity names), so they live in shared and the main layout loads them before rendering.
 */
export const sessionKeys = {
  identity: ['platform', 'me'] as const,
  entities: ['platform', 'list-entities'] as const,
};

const identityQuery = queryOptions({
  queryKey: sessionKeys.identity,
  queryFn: async ({ signal }) => {
    const token = getToken();
    const identity = await callApi(platform.me, {}, { signal });
    if (token !== null) rememberAccess(token, identity);
    return identity;
  },
  staleTime: 5 * 60_000,
});

/**
 * The identity, from the cache when it is in, else from its (shared) call: route loaders wait for it
 * before starting a module's call, so a user without the module never makes one (a 403 signs out).
 */
export function whenIdentity(queryClient: QueryClient) {
  return queryClient.fetchQuery(identityQuery);
}

const entitiesQuery = queryOptions({
  queryKey: sessionKeys.entities,
  queryFn: ({ signal }) => callApi(platform.listEntities, {}, { signal }),
  staleTime: 30 * 60_000,
});

export function useIdentityQuery(enabled: boolean) {
  return useQuery({ ...identityQuery, enabled });
}

export function useEntitiesQuery(enabled: boolean) {
  return useQuery({ ...entitiesQuery, enabled });
}

/**
 * The main layout's route loader: with a token, both session calls start as soon as the route matches,
 * alongside the layout's code, rather than after it has rendered, and the navigation badge's count as
 * soon as the identity allows it. Never waited for: the layout shows its own loading and error states.
 */
export function prefetchSession(queryClient: QueryClient): null {
  if (getToken() === null) return null;
  prefetchUnmatchedCount(queryClient, queryClient.fetchQuery(identityQuery));
  void queryClient.prefetchQuery(entitiesQuery);
  return null;
}
