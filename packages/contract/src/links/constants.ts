/** Spec section 9: where a Link sends its visitor back when staff set nothing else. */
export const DEFAULT_LINK_REDIRECT_URI = '/link-callback';
/** A code not exchanged within this time is no longer valid (and no longer pending). */
export const LINK_CODE_TTL_MS = 10 * 60 * 1000;
export const LINK_PAGE_SIZE = { default: 25, max: 100 } as const;
export const LINK_STATUSES = ['active', 'paused'] as const;
