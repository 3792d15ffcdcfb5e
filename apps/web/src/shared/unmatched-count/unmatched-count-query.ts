import { canCall, type Identity, unmatched } from '@caudal/contract/routes';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../api/call-api';

/**
 * The pending/hidden counts feed both the navigation badge (shared shell) and the unmatched screens.
 * The key sits under the unmatched feature's root key (`['unmatched']`), so invalidating that root after
 * a match, hide or unhide refreshes the badge too.
 */
export const unmatchedCountKey = ['unmatched', 'count'] as const;

/** Pending products belong to no client: whoever may call the (staff-only) queue handles them. */
export function canHandleUnmatched(identity: Identity): boolean {
  return canCall(identity, unmatched.unmatchedCount);
}

const unmatchedCountQuery = queryOptions({
  queryKey: unmatchedCountKey,
  queryFn: ({ signal }) => callApi(unmatched.unmatchedCount, {}, { signal }),
  // The queue changes as connections refresh in the background; a minute old is fresh enough.
  staleTime: 60_000,
});

export function useUnmatchedCountQuery(enabled: boolean) {
  return useQuery({ ...unmatchedCountQuery, enabled, refetchInterval: 5 * 60_000 });
}

/**
 * For the main layout's loader: once the identity is known, the navigation badge's count starts for a
 * user who may see it, with the page's code rather than after the frame has rendered. Never for anyone
 * else (the call is staff-only, and its 403 would end the session).
 */
export function prefetchUnmatchedCount(queryClient: QueryClient, identity: Promise<Identity>): void {
  identity
    .then((known) => (canHandleUnmatched(known) ? queryClient.prefetchQuery(unmatchedCountQuery) : undefined))
    // A failed identity is the layout's to show.
    .catch(() => {});
}
