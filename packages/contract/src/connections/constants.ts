/** A one-time connect URL lives this long (and dies at first use). */
export const CONNECT_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * What a hosted connect page does: connect a new credential, reset its access, send an SCA code, or
 * renew the holder's consent (an SCA code too; the consent's end date starts again).
 */
export const CONNECT_MODES = ['connect', 'reset', 'sca', 'renew'] as const;

/**
 * The orders of an institution's credentials list (the connections detail): when each was connected, its
 * last successful update (never-updated ones count as the oldest) and its consent's end. Each has its own
 * index per (company, institution) (migration 0036).
 */
export const CREDENTIAL_SORTS = ['created_at', 'last_update', 'consent'] as const;
export type CredentialSort = (typeof CREDENTIAL_SORTS)[number];
export const CREDENTIAL_PAGE_SIZE = { default: 25, max: 100 } as const;
