import { LIMITS } from '@caudal/contract/routes';

/** The page sizes a list offers, unless its contract asks for others. */
export const PAGE_SIZES = [25, 50, 100] as const;

/** Short URL keys: a list's state lives in the address so reload, back and shared links keep it. */
export const LIST_KEYS = { search: 'q', page: 'page', pageSize: 'size' } as const;

/** What every server-paged list has; a list adds its own filters and sort. */
export interface PagedListState {
  search: string;
  page: number;
  pageSize: number;
}

/** A whole number from 1 to 999999, or null for anything else a hand-edited address holds. */
export function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d{1,6}$/.test(value)) return null;
  const number = Number(value);
  return number >= 1 ? number : null;
}

/** The search, page and size of a list address; anything stale or hand-edited falls back to the defaults. */
export function parsePagedList(
  params: URLSearchParams,
  defaults: PagedListState,
  pageSizes: readonly number[] = PAGE_SIZES,
): PagedListState {
  const size = positiveInt(params.get(LIST_KEYS.pageSize));
  return {
    search: (params.get(LIST_KEYS.search) ?? '').trim().slice(0, LIMITS.name),
    page: positiveInt(params.get(LIST_KEYS.page)) ?? defaults.page,
    pageSize: size !== null && pageSizes.includes(size) ? size : defaults.pageSize,
  };
}

/**
 * A list's address: the search, the list's own filters (in their order; null or '' left out), then page
 * and size. Only what differs from the defaults is written, so the plain list keeps a clean URL.
 */
export function toPagedListParams(
  state: PagedListState,
  defaults: PagedListState,
  filters: Record<string, string | null> = {},
): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search) params.set(LIST_KEYS.search, state.search);
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  if (state.page !== defaults.page) params.set(LIST_KEYS.page, String(state.page));
  if (state.pageSize !== defaults.pageSize) params.set(LIST_KEYS.pageSize, String(state.pageSize));
  return params;
}

export type SortOrder = 'asc' | 'desc';

/** A list sorted on the server by one of its columns, one way or the other. */
export interface ListSort<S extends string> {
  sort: S;
  order: SortOrder;
}

/** Short URL keys of a sorted list. */
export const SORT_KEYS = { sort: 'sort', order: 'order' } as const;

/** The sort and order of a list address; an unknown column or order falls back to the default. */
export function parseListSort<S extends string>(
  params: URLSearchParams,
  sorts: readonly S[],
  defaults: ListSort<S>,
): ListSort<S> {
  const sort = params.get(SORT_KEYS.sort);
  const order = params.get(SORT_KEYS.order);
  return {
    sort: (sorts as readonly string[]).includes(sort ?? '') ? (sort as S) : defaults.sort,
    order: order === 'asc' || order === 'desc' ? order : defaults.order,
  };
}

/** The sort's part of a list address (for toPagedListParams' filters): only what differs from the default. */
export function toListSortParams<S extends string>(
  state: ListSort<S>,
  defaults: ListSort<S>,
): Record<string, string | null> {
  return {
    [SORT_KEYS.sort]: state.sort !== defaults.sort ? state.sort : null,
    [SORT_KEYS.order]: state.order !== defaults.order ? state.order : null,
  };
}

/** Clicking the sorted column flips its order; another column starts with `firstOrder` (ascending). */
export function nextListSort<S extends string>(
  current: ListSort<S>,
  column: S,
  firstOrder: SortOrder = 'asc',
): ListSort<S> {
  if (current.sort === column) return { sort: column, order: current.order === 'asc' ? 'desc' : 'asc' };
  return { sort: column, order: firstOrder };
}
