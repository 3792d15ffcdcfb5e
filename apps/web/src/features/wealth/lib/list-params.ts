import { CLIENT_PAGE_SIZE, CLIENT_SORTS, type RequestOf, type wealth } from '@caudal/contract/routes';
import {
  LIST_KEYS,
  PAGE_SIZES,
  type PagedListState,
  parsePagedList,
  toPagedListParams,
} from '../../../shared/routing/list-params';

export type ClientSort = (typeof CLIENT_SORTS)[number];
export type SortOrder = 'asc' | 'desc';

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

/** Short URL keys: the list state lives in the address so reload, back and shared links keep it. */
const KEY = { ...LIST_KEYS, sort: 'sort', order: 'order' } as const;

/** Anything hand-edited or stale in the URL falls back to its default instead of breaking the call. */
export function parseListParams(params: URLSearchParams): ClientListState {
  const sort = params.get(KEY.sort);
  const order = params.get(KEY.order);
  return {
    ...parsePagedList(params, DEFAULT_LIST_STATE),
    sort: (CLIENT_SORTS as readonly string[]).includes(sort ?? '')
      ? (sort as ClientSort)
      : DEFAULT_LIST_STATE.sort,
    order: order === 'asc' || order === 'desc' ? order : DEFAULT_LIST_STATE.order,
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
  return toPagedListParams(state, DEFAULT_LIST_STATE, {
    [KEY.sort]: state.sort !== DEFAULT_LIST_STATE.sort ? state.sort : null,
    [KEY.order]: state.order !== DEFAULT_LIST_STATE.order ? state.order : null,
  });
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
