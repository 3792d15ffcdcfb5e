import { LIMITS, STAFF_PAGE_SIZE, STAFF_SORTS, type StaffSort } from '@caudal/contract/routes';

export const PAGE_SIZES = [25, 50, 100] as const;

export interface StaffListState {
  search: string;
  sort: StaffSort;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export const DEFAULT_LIST_STATE: StaffListState = {
  search: '',
  sort: 'username',
  order: 'asc',
  page: 1,
  pageSize: STAFF_PAGE_SIZE.default,
};

/** Short URL keys: the list state lives in the address so reload, back and shared links keep it. */
const KEY = { search: 'q', sort: 'sort', order: 'order', page: 'page', pageSize: 'size' } as const;

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d{1,6}$/.test(value)) return null;
  const number = Number(value);
  return number >= 1 ? number : null;
}

/** Anything hand-edited or stale in the URL falls back to its default instead of breaking the call. */
export function parseListParams(params: URLSearchParams): StaffListState {
  const size = positiveInt(params.get(KEY.pageSize));
  const sort = params.get(KEY.sort);
  return {
    search: (params.get(KEY.search) ?? '').trim().slice(0, LIMITS.name),
    sort: (STAFF_SORTS as readonly string[]).includes(sort ?? '')
      ? (sort as StaffSort)
      : DEFAULT_LIST_STATE.sort,
    order: params.get(KEY.order) === 'desc' ? 'desc' : 'asc',
    page: positiveInt(params.get(KEY.page)) ?? DEFAULT_LIST_STATE.page,
    pageSize:
      size !== null && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_LIST_STATE.pageSize,
  };
}

/** Only values that differ from the defaults are written, so the plain list keeps a clean URL. */
export function toListParams(state: StaffListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search) params.set(KEY.search, state.search);
  if (state.sort !== DEFAULT_LIST_STATE.sort) params.set(KEY.sort, state.sort);
  if (state.order !== DEFAULT_LIST_STATE.order) params.set(KEY.order, state.order);
  if (state.page !== DEFAULT_LIST_STATE.page) params.set(KEY.page, String(state.page));
  if (state.pageSize !== DEFAULT_LIST_STATE.pageSize) params.set(KEY.pageSize, String(state.pageSize));
  return params;
}
