/** A one-time connect URL lives this long (and dies at first use). */
export const CONNECT_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * What a hosted connect page does: connect a new credential, reset its access, send an SCA code, or
 * renew the holder's consent (an SCA code too; the consent's end date starts again).
 */
export const CONNECT_MODES = ['connect', 'reset', 'sca', 'renew'] as const;
