import { LINK_PAGE_SIZE, links } from '@caudal/contract/routes';
import {
  LIST_KEYS,
  PAGE_SIZES,
  type PagedListState,
  parsePagedList,
  toPagedListParams,
} from '../../../shared/routing/list-params';

export type LinkStatus = (typeof links.LINK_STATUSES)[number];
export { PAGE_SIZES };

export interface LinkListState extends PagedListState {
  /** Null: every Link. */
  status: LinkStatus | null;
}

export const DEFAULT_LIST_STATE: LinkListState = {
  search: '',
  status: null,
  page: 1,
  pageSize: LINK_PAGE_SIZE.default,
};

/** Short URL keys: reload, back and shared links keep the list as it was. */
const KEY = { ...LIST_KEYS, status: 'status' } as const;

/** Anything hand-edited or stale in the URL falls back to its default instead of breaking the call. */
export function parseListParams(params: URLSearchParams): LinkListState {
  const status = params.get(KEY.status);
  return {
    ...parsePagedList(params, DEFAULT_LIST_STATE),
    status: (links.LINK_STATUSES as readonly string[]).includes(status ?? '') ? (status as LinkStatus) : null,
  };
}

export function toListParams(state: LinkListState): URLSearchParams {
  return toPagedListParams(state, DEFAULT_LIST_STATE, { [KEY.status]: state.status });
}
