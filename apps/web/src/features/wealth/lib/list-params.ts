import { CLIENT_PAGE_SIZE, CLIENT_SORTS, type RequestOf, type wealth } from '@caudal/contract/routes';
import {
  nextListSort,
  PAGE_SIZES,
  type PagedListState,
  parseListSort,
  parsePagedList,
  type SortOrder,
  toListSortParams,
  toPagedListParams,
} from '../../../shared/routing/list-params';

export type ClientSort = (typeof CLIENT_SORTS)[number];
export type { SortOrder };

export { PAGE_SIZES };

export interface ClientListState extends PagedListState {
  sort: ClientSort;
  order: SortOrder;
}

export const DEFAULT_LIST_STATE: ClientListState = {
  search: '',
  sort: 'name',
  order: 'asc',
  page: 1,
  pageSize: CLIENT_PAGE_SIZE.default,
};

/** Anything hand-edited or stale in the URL falls back to its default instead of breaking the call. */
export function parseListParams(params: URLSearchParams): ClientListState {
  return {
    ...parsePagedList(params, DEFAULT_LIST_STATE),
    ...parseListSort(params, CLIENT_SORTS, DEFAULT_LIST_STATE),
  };
}

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

/** Only values that differ from the defaults are written, so the plain list keeps a clean URL. */
export function toListParams(state: ClientListState): URLSearchParams {
  return toPagedListParams(state, DEFAULT_LIST_STATE, toListSortParams(state, DEFAULT_LIST_STATE));
}

/** Clicking the sorted column flips its order; another column starts ascending. */
export function nextSort(
  state: ClientListState,
  column: ClientSort,
): Pick<ClientListState, 'sort' | 'order'> {
  return nextListSort(state, column);
}

export { lastPage, pageRange } from '../../../shared/components/page-range';
