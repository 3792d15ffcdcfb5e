import { useCallback, useEffect } from 'react';
import type { Page } from '../api/call-api';
import { lastPage } from '../components/page-range';
import type { FeaturePagerProps } from '../components/pager';
import { useSearchParamsChange } from './pending-search';

/** What every server-paged list keeps in its URL; a feature adds its own sort or filters. */
export interface PagedListState {
  search: string;
  page: number;
  pageSize: number;
}

export type ListUpdate<S> = (change: Partial<S>, options?: { replace?: boolean }) => void;

/**
 * A list's own changes (search, sort, filters, page size) keep the window where it is: the user is
 * looking at the list. Only another page of rows starts at the top, where its first row is.
 */
export const keepsScroll = (change: object) => Object.keys(change).join() !== 'page';

/**
 * A list's state read from the URL, and the one way to change it: every change goes back through the
 * feature's own parse and serialise, so a hand-edited or stale address can never reach the call.
 */
export function useListUrlState<S extends PagedListState>(
  parse: (params: URLSearchParams) => S,
  serialise: (state: S) => URLSearchParams,
) {
  // Each change builds on the last one asked for, landed or not: a filter picked right after another
  // keeps it (React Router's own setter starts from the last render's address).
  const [params, changeParams] = useSearchParamsChange();
  const state = parse(params);
  const update: ListUpdate<S> = useCallback(
    (change, options = {}) => {
      changeParams((current) => serialise({ ...parse(current), ...change }), {
        preventScrollReset: keepsScroll(change),
        ...options,
      });
    },
    [changeParams, parse, serialise],
  );
  // Typing replaces the history entry (back should not replay every keystroke); paging adds one.
  const onSearch = useCallback(
    (search: string) => update({ search, page: 1 } as Partial<S>, { replace: true }),
    [update],
  );
  return { state, update, onSearch };
}

/** The parts of a list query the page reads (TanStack's result, kept narrow so any page type fits). */
export interface ListQuery<Item> {
  data: Page<Item> | undefined;
  isPlaceholderData: boolean;
  isFetching: boolean;
}

/**
 * The page a list at `state.page` must go to instead, when it is beyond the end (rows deleted, a stale
 * link): the last page that exists, page 1 when none is left. Placeholder rows are the previous page's,
 * so they say nothing yet about this one.
 */
export function pageToRedirectTo<Item>(list: ListQuery<Item>, state: PagedListState): number | null {
  const page = list.data;
  if (!page || list.isPlaceholderData || page.items.length > 0 || state.page <= 1) return null;
  const last = lastPage(page.total, state.pageSize);
  return last === state.page ? null : last;
}

/**
 * What a list page shows of its query: the rows, whether older rows stand in while new ones load, and
 * the pager's props (none until there is at least one row to page through).
 */
export function listPageView<Item, S extends PagedListState>(
  list: ListQuery<Item>,
  state: S,
  update: ListUpdate<S>,
) {
  const page = list.data;
  const pager: FeaturePagerProps | null =
    page && page.total > 0
      ? {
          page: state.page,
          pageSize: state.pageSize,
          rows: page.items.length,
          total: page.total,
          onPage: (next) => update({ page: next } as Partial<S>),
          onPageSize: (pageSize) => update({ pageSize, page: 1 } as Partial<S>),
        }
      : null;
  return { page, refreshing: list.isPlaceholderData && list.isFetching, pager };
}

/** `listPageView`, and a page beyond the end replaced by the last one, once rendered (never during it). */
export function useListPageView<Item, S extends PagedListState>(
  list: ListQuery<Item>,
  state: S,
  update: ListUpdate<S>,
) {
  const redirect = pageToRedirectTo(list, state);
  useEffect(() => {
    if (redirect !== null) update({ page: redirect } as Partial<S>, { replace: true });
  }, [redirect, update]);
  return listPageView(list, state, update);
}
