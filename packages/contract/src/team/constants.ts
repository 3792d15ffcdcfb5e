export const STAFF_PAGE_SIZE = { default: 25, max: 100 } as const;
/** How the Team list may be sorted (server-side). */
export const STAFF_SORTS = ['username', 'name', 'last_sign_in'] as const;
export type StaffSort = (typeof STAFF_SORTS)[number];
/** An invitation link works once, for this long (issue 25). */
export const INVITATION_TTL_HOURS = 72;
/** Where an invitation lands: the token travels in the URL's fragment, which no server or log sees. */
export const INVITATION_PATH = '/sesion/invitation';
