/** Paths of the portal users screens inside the locale prefix (spec section 2). */
export const PORTAL_USERS_PATH = '/portals/users';
export const PORTAL_USER_CREATE_PATH = '/portals/users/create';
