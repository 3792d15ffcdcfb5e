/**
 * Every client secret starts with this, so secret scanners (and people) recognise a leaked one. After
 * it: 32 random bytes, base64url (43 characters, 256 bits).
 */
export const CLIENT_SECRET_PREFIX = 'caudal_sk_';
/** Client ids are not secret; the prefix tells them apart from secrets at a glance. */
export const CLIENT_ID_PREFIX = 'caudal_ci_';
/** A rotated-out client secret gets tokens for at most this long (a week); 24 h unless told. */
export const APPLICATION_SECRET_OVERLAP_MAX_HOURS = 168;
