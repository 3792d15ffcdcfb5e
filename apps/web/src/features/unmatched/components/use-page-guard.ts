import { useEffect } from 'react';
import type { Page } from '../../../shared/api/call-api';
import { lastPage, type UnmatchedListState } from '../lib/list-params';

/** A page beyond the end (its rows were all assigned or hidden, a stale link) goes to the last one. */
export function usePageGuard(
  page: Page<unknown> | undefined,
  isPlaceholder: boolean,
  state: UnmatchedListState,
  update: (change: Partial<UnmatchedListState>, options: { replace?: boolean }) => void,
) {
  const stale = page && !isPlaceholder && page.items.length === 0 && state.page > 1;
  const last = page ? lastPage(page.total, state.pageSize) : 1;
  useEffect(() => {
    if (stale && last !== state.page) update({ page: last }, { replace: true });
  }, [stale, last, state.page, update]);
}
