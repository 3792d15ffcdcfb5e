import { PORTAL_PAGE_SIZE } from '@caudal/contract/routes';
import {
  PAGE_SIZES,
  type PagedListState,
  parsePagedList,
  toPagedListParams,
} from '../../../shared/routing/list-params';

export { PAGE_SIZES };

export type PortalListState = PagedListState;

export const DEFAULT_LIST_STATE: PortalListState = {
  search: '',
  page: 1,
  pageSize: PORTAL_PAGE_SIZE.default,
};

/** Anything hand-edited or stale in the URL falls back to its default instead of breaking the call. */
export function parseListParams(params: URLSearchParams): PortalListState {
  return parsePagedList(params, DEFAULT_LIST_STATE);
}

/** Only values that differ from the defaults are written, so the plain list keeps a clean URL. */
export function toListParams(state: PortalListState): URLSearchParams {
  return toPagedListParams(state, DEFAULT_LIST_STATE);
}
