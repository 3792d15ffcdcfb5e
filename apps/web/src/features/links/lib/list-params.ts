import { LIMITS, LINK_PAGE_SIZE, links } from '@caudal/contract/routes';

export type LinkStatus = (typeof links.LINK_STATUSES)[number];
export const PAGE_SIZES = [25, 50, 100] as const;

export interface LinkListState {
  search: string;
  /** Null: every Link. */
  status: LinkStatus | null;
  page: number;
  pageSize: number;
}

export const DEFAULT_LIST_STATE: LinkListState = {
  search: '',
  status: null,
  page: 1,
  pageSize: LINK_PAGE_SIZE.default,
};

/** Short URL keys: reload, back and shared links keep the list as it was. */
const KEY = { search: 'q', status: 'status', page: 'page', pageSize: 'size' } as const;

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d{1,6}$/.test(value)) return null;
  const number = Number(value);
  return number >= 1 ? number : null;
}

/** Anything hand-edited or stale in the URL falls back to its default instead of breaking the call. */
export function parseListParams(params: URLSearchParams): LinkListState {
  const status = params.get(KEY.status);
  const size = positiveInt(params.get(KEY.pageSize));
  return {
    search: (params.get(KEY.search) ?? '').trim().slice(0, LIMITS.name),
    status: (links.LINK_STATUSES as readonly string[]).includes(status ?? '') ? (status as LinkStatus) : null,
    page: positiveInt(params.get(KEY.page)) ?? DEFAULT_LIST_STATE.page,
    pageSize:
      size !== null && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_LIST_STATE.pageSize,
  };
}

export function toListParams(state: LinkListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search) params.set(KEY.search, state.search);
  if (state.status) params.set(KEY.status, state.status);
  if (state.page !== DEFAULT_LIST_STATE.page) params.set(KEY.page, String(state.page));
  if (state.pageSize !== DEFAULT_LIST_STATE.pageSize) params.set(KEY.pageSize, String(state.pageSize));
  return params;
}
