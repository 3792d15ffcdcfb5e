import type { PortalListState } from '../lib/list-params';

/** Query keys of the portal users screens; one invalidation of `lists()` refreshes every page. */
export const portalKeys = {
  all: ['portals'] as const,
  lists: () => [...portalKeys.all, 'list'] as const,
  list: (state: PortalListState) => [...portalKeys.lists(), state] as const,
  user: (username: string) => [...portalKeys.all, 'user', username.toLowerCase()] as const,
};
