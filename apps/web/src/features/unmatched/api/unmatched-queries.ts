import { unmatched, wealth } from '@caudal/contract/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApiPage } from '../../../shared/api/call-api';
import { toListRequest, type UnmatchedListState } from '../lib/list-params';
import { unmatchedKeys } from './unmatched-keys';

/** One server page of pending or hidden products; the previous page stays on screen while the next loads. */
export function useUnmatchedListQuery(kind: 'pending' | 'hidden', state: UnmatchedListState) {
  const call = kind === 'pending' ? unmatched.unmatchedList : unmatched.unmatchedListHidden;
  return useQuery({
    queryKey: unmatchedKeys.list(kind, state),
    queryFn: ({ signal }) => callApiPage(call, toListRequest(state), { signal }),
    placeholderData: keepPreviousData,
  });
}

const CLIENT_OPTIONS_PAGE_SIZE = 20;

/**
 * The client picker of a row searches on the server (the book is paged). Every row shares the cache, and
 * a row only asks while its dropdown is open, so a page of 200 rows does not send 200 requests.
 */
export function useClientOptionsQuery(search: string, enabled: boolean) {
  return useQuery({
    queryKey: unmatchedKeys.clientOptions(search),
    queryFn: ({ signal }) =>
      callApiPage(
        wealth.clientList,
        { ...(search ? { search } : {}), page: 1, page_size: CLIENT_OPTIONS_PAGE_SIZE },
        { signal },
      ),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
