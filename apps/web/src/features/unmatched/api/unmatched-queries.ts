import { unmatched } from '@caudal/contract/routes';
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
