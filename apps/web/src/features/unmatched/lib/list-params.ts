import { unmatched } from '@caudal/contract/routes';
import {
  LIST_KEYS,
  type PagedListState,
  parsePagedList,
  toPagedListParams,
} from '../../../shared/routing/list-params';

/** Pending products come in bulk: bigger pages than the other lists. */
export const PAGE_SIZES = [50, 100, 200] as const;

export interface UnmatchedListState extends PagedListState {
  /** An entity id, or '' for every institution. */
  bank: string;
}

export const DEFAULT_LIST_STATE: UnmatchedListState = {
  search: '',
  bank: '',
  page: 1,
  pageSize: unmatched.UNMATCHED_PAGE_SIZE.default,
};

/** Short URL keys: the list state lives in the address so reload, back and shared links keep it. */
const KEY = { ...LIST_KEYS, bank: 'bank' } as const;

/** Anything hand-edited or stale in the URL falls back to its default instead of breaking the call. */
export function parseListParams(params: URLSearchParams): UnmatchedListState {
  return {
    ...parsePagedList(params, DEFAULT_LIST_STATE, PAGE_SIZES),
    // The contract caps entity ids at 64 characters; a longer one cannot exist.
    bank: (params.get(KEY.bank) ?? '').trim().slice(0, 64),
  };
}

/** Only values that differ from the defaults are written, so the plain list keeps a clean URL. */
export function toListParams(state: UnmatchedListState): URLSearchParams {
  return toPagedListParams(state, DEFAULT_LIST_STATE, { [KEY.bank]: state.bank });
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
