import { LIMITS, unmatched } from '@caudal/contract/routes';

export const PAGE_SIZES = [50, 100, 200] as const;

export interface UnmatchedListState {
  search: string;
  /** An entity id, or '' for every institution. */
  bank: string;
  page: number;
  pageSize: number;
}

export const DEFAULT_LIST_STATE: UnmatchedListState = {
  search: '',
  bank: '',
  page: 1,
  pageSize: unmatched.UNMATCHED_PAGE_SIZE.default,
};

/** Short URL keys: the list state lives in the address so reload, back and shared links keep it. */
const KEY = { search: 'q', bank: 'bank', page: 'page', pageSize: 'size' } as const;

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d{1,6}$/.test(value)) return null;
  const number = Number(value);
  return number >= 1 ? number : null;
}

/** Anything hand-edited or stale in the URL falls back to its default instead of breaking the call. */
export function parseListParams(params: URLSearchParams): UnmatchedListState {
  const size = positiveInt(params.get(KEY.pageSize));
  return {
    search: (params.get(KEY.search) ?? '').trim().slice(0, LIMITS.name),
    // The contract caps entity ids at 64 characters; a longer one cannot exist.
    bank: (params.get(KEY.bank) ?? '').trim().slice(0, 64),
    page: positiveInt(params.get(KEY.page)) ?? DEFAULT_LIST_STATE.page,
    pageSize:
      size !== null && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_LIST_STATE.pageSize,
  };
}

/** Only values that differ from the defaults are written, so the plain list keeps a clean URL. */
export function toListParams(state: UnmatchedListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search) params.set(KEY.search, state.search);
  if (state.bank) params.set(KEY.bank, state.bank);
  if (state.page !== DEFAULT_LIST_STATE.page) params.set(KEY.page, String(state.page));
  if (state.pageSize !== DEFAULT_LIST_STATE.pageSize) params.set(KEY.pageSize, String(state.pageSize));
  return params;
}

/** The request body: empty filters are left out rather than sent as ''. */
export function toListRequest(state: UnmatchedListState) {
  return {
    ...(state.search ? { search: state.search } : {}),
    ...(state.bank ? { bank: state.bank } : {}),
    page: state.page,
    page_size: state.pageSize,
  };
}

export { lastPage, pageRange } from '../../../shared/components/page-range';

/** One string per list view (filters and page), to know which rows a refetch of that view replaced. */
export function viewKey(state: UnmatchedListState): string {
  return JSON.stringify([state.search, state.bank, state.page, state.pageSize]);
}
