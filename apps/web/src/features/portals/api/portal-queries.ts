import { portals } from '@caudal/contract/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
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
