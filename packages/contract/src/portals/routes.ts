import type { ZSuccess } from '../auth/calls';
import { defineRoute } from '../shared/call-route';
import type * as schemas from './calls';

export type {
  CreatePortalRequest,
  PortalClient,
  PortalUser,
  PortalUserForm,
  PortalUserSummary,
} from './calls';
export * from './constants';

/** Only staff manage portal users: a portal user calling these gets 403 (spec section 6). */
const portalsStaff = { kind: 'session', module: 'portals', staffOnly: true } as const;

/** Sorted by username; the total number of matches travels in `x-total-count`. */
export const listPortals = defineRoute<
  typeof schemas.ZPortalListRequest,
  typeof schemas.ZPortalUserSummaryList
>()({
  path: '/platform/portals/list-portals',
  access: portalsStaff,
  errors: [],
  totalCountHeader: true,
});

export const createPortal = defineRoute<typeof schemas.ZCreatePortalRequest, typeof schemas.ZPortalUser>()({
  path: '/platform/portals/create-portal',
  audit: {
    action: 'create-portal',
    targets: { user: { request: 'username' } },
    fields: ['username', 'email', 'name', 'client_ids'],
  },
  access: portalsStaff,
  errors: ['DuplicatedUsername', 'UnknownClient'],
});

export const getPortal = defineRoute<typeof schemas.ZPortalUserRef, typeof schemas.ZPortalUser>()({
  path: '/platform/portals/get-portal',
  access: portalsStaff,
  errors: ['NotFound'],
});

/** Deleting a portal user ends their sessions at once. */
export const deletePortal = defineRoute<typeof schemas.ZPortalUserRef, typeof ZSuccess>()({
  path: '/platform/portals/delete-portal',
  audit: { action: 'delete-portal', targets: { user: { request: 'username' } } },
  access: portalsStaff,
  errors: ['NotFound'],
});

/** Replaces the user's clients with `client_ids`; the change applies from the user's next call. */
export const updatePortal = defineRoute<typeof schemas.ZUpdatePortalRequest, typeof schemas.ZPortalUser>()({
  path: '/platform/portals/update-portal',
  audit: { action: 'update-portal', targets: { user: { request: 'username' } }, fields: ['client_ids'] },
  access: portalsStaff,
  errors: ['NotFound', 'UnknownClient'],
});
