import { portals, wealth } from '@caudal/contract/routes';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { callApi, callApiPage } from '../../../shared/api/call-api';
import type { PortalListState } from '../lib/list-params';
import { portalKeys } from './portal-keys';

/** One server page of portal users; the previous page stays on screen while the next loads. */
export function usePortalListQuery(state: PortalListState) {
  return useQuery({
    queryKey: portalKeys.list(state),
    queryFn: ({ signal }) =>
      callApiPage(
        portals.listPortals,
        { ...(state.search ? { search: state.search } : {}), page: state.page, page_size: state.pageSize },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** A portal user with every assigned client (the edit dialog starts from it). */
export function usePortalUserQuery(username: string | null) {
  return useQuery({
    queryKey: portalKeys.user(username ?? ''),
    queryFn: ({ signal }) => callApi(portals.getPortal, { username: username ?? '' }, { signal }),
    enabled: username !== null,
    // Always fresh: another staff member may have changed the assignment since.
    staleTime: 0,
  });
}

export const CLIENT_OPTIONS_PAGE_SIZE = 20;

/**
 * The client picker pages through the company's book on the server (it may hold 10,000 clients): a
 * search, then 20 more at a time as the list scrolls. Only while the dropdown is open.
 */
export function useClientOptionsQuery(search: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: portalKeys.clientOptions(search),
    queryFn: ({ pageParam, signal }) =>
      callApiPage(
        wealth.clientList,
        { ...(search ? { search } : {}), sort: 'name', page: pageParam, page_size: CLIENT_OPTIONS_PAGE_SIZE },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.length * CLIENT_OPTIONS_PAGE_SIZE < last.total ? pages.length + 1 : undefined,
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
