import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { parseListParams, toListParams, type UnmatchedListState } from '../lib/list-params';

/** The list's filters and page, read from and written to the URL. */
export function useListState() {
  const [params, setParams] = useSearchParams();
  const state = parseListParams(params);
  const update = useCallback(
    (change: Partial<UnmatchedListState>, options: { replace?: boolean } = {}) => {
      setParams((current) => toListParams({ ...parseListParams(current), ...change }), options);
    },
    [setParams],
  );
  // Typing replaces the history entry (back should not replay every keystroke); paging adds one.
  const onSearch = useCallback((search: string) => update({ search, page: 1 }, { replace: true }), [update]);
  return { state, update, onSearch };
}
