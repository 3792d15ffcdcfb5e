import { CLIENT_PAGE_SIZE, CLIENT_SORTS, LIMITS, type RequestOf, type wealth } from '@caudal/contract/routes';

export type ClientSort = (typeof CLIENT_SORTS)[number];
export type SortOrder = 'asc' | 'desc';

export const PAGE_SIZES = [25, 50, 100] as const;

export interface ClientListState {
  search: string;
  sort: ClientSort;
  order: SortOrder;
  page: number;
  pageSize: number;
}

export const DEFAULT_LIST_STATE: ClientListState = {
  search: '',
  sort: 'name',
  order: 'asc',
  page: 1,
  pageSize: CLIENT_PAGE_SIZE.default,
};

/** Short URL keys: the list state lives in the address so reload, back and shared links keep it. */
const KEY = { search: 'q', sort: 'sort', order: 'order', page: 'page', pageSize: 'size' } as const;

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d{1,6}$/.test(value)) return null;
  const number = Number(value);
  return number >= 1 ? number : null;
}

/** Anything hand-edited or stale in the URL falls back to its default instead of breaking the call. */
export function parseListParams(params: URLSearchParams): ClientListState {
  const sort = params.get(KEY.sort);
  const order = params.get(KEY.order);
  const size = positiveInt(params.get(KEY.pageSize));
  return {
    search: (params.get(KEY.search) ?? '').trim().slice(0, LIMITS.name),
    sort: (CLIENT_SORTS as readonly string[]).includes(sort ?? '')
      ? (sort as ClientSort)
      : DEFAULT_LIST_STATE.sort,
    order: order === 'asc' || order === 'desc' ? order : DEFAULT_LIST_STATE.order,
    page: positiveInt(params.get(KEY.page)) ?? DEFAULT_LIST_STATE.page,
    pageSize:
      size !== null && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_LIST_STATE.pageSize,
  };
}

/** Only values that differ from the defaults are written, so the plain list keeps a clean URL. */
/** The list call's body for a state: the search only when there is one. */
export function clientListRequest(state: ClientListState): RequestOf<typeof wealth.clientList> {
  return {
    ...(state.search ? { search: state.search } : {}),
    sort: state.sort,
    order: state.order,
    page: state.page,
    page_size: state.pageSize,
  };
}

export function toListParams(state: ClientListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search) params.set(KEY.search, state.search);
  if (state.sort !== DEFAULT_LIST_STATE.sort) params.set(KEY.sort, state.sort);
  if (state.order !== DEFAULT_LIST_STATE.order) params.set(KEY.order, state.order);
  if (state.page !== DEFAULT_LIST_STATE.page) params.set(KEY.page, String(state.page));
  if (state.pageSize !== DEFAULT_LIST_STATE.pageSize) params.set(KEY.pageSize, String(state.pageSize));
  return params;
}

/** Clicking the sorted column flips its order; another column starts ascending. */
export function nextSort(
  state: ClientListState,
  column: ClientSort,
): Pick<ClientListState, 'sort' | 'order'> {
  if (state.sort === column) return { sort: column, order: state.order === 'asc' ? 'desc' : 'asc' };
  return { sort: column, order: 'asc' };
}

export { lastPage, pageRange } from '../../../shared/components/page-range';
