import { canCall, type Identity, unmatched } from '@caudal/contract/routes';
import { useQuery } from '@tanstack/react-query';
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

export function useUnmatchedCountQuery(enabled: boolean) {
  return useQuery({
    queryKey: unmatchedCountKey,
    queryFn: ({ signal }) => callApi(unmatched.unmatchedCount, {}, { signal }),
    enabled,
    // The queue changes as connections refresh in the background; a minute old is fresh enough.
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });
}
