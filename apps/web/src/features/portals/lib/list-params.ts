import { LIMITS, PORTAL_PAGE_SIZE } from '@caudal/contract/routes';

export const PAGE_SIZES = [25, 50, 100] as const;

export interface PortalListState {
  search: string;
  page: number;
  pageSize: number;
}

export const DEFAULT_LIST_STATE: PortalListState = {
  search: '',
  page: 1,
  pageSize: PORTAL_PAGE_SIZE.default,
};

/** Short URL keys: the list state lives in the address so reload, back and shared links keep it. */
const KEY = { search: 'q', page: 'page', pageSize: 'size' } as const;

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d{1,6}$/.test(value)) return null;
  const number = Number(value);
  return number >= 1 ? number : null;
}

/** Anything hand-edited or stale in the URL falls back to its default instead of breaking the call. */
export function parseListParams(params: URLSearchParams): PortalListState {
  const size = positiveInt(params.get(KEY.pageSize));
  return {
    search: (params.get(KEY.search) ?? '').trim().slice(0, LIMITS.name),
    page: positiveInt(params.get(KEY.page)) ?? DEFAULT_LIST_STATE.page,
    pageSize:
      size !== null && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_LIST_STATE.pageSize,
  };
}

/** Only values that differ from the defaults are written, so the plain list keeps a clean URL. */
export function toListParams(state: PortalListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search) params.set(KEY.search, state.search);
  if (state.page !== DEFAULT_LIST_STATE.page) params.set(KEY.page, String(state.page));
  if (state.pageSize !== DEFAULT_LIST_STATE.pageSize) params.set(KEY.pageSize, String(state.pageSize));
  return params;
}
