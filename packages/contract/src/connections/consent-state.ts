// The consent rules need no zod, so the portal's first screens may use them.

const DAY_MS = 86_400_000;

/** Staff are warned, and the "expiring" filter lists a consent, this many days before it ends. */
export const CONSENT_EXPIRING_WITHIN_DAYS = 14;

/** A renewal link the holder receives lives this long (and dies at first use). */
export const CONSENT_RENEWAL_LINK_TTL_MS = 7 * DAY_MS;

/**
 * A consent's own state, beside the spec's (needsAction, Blocked, Pending, SCA never read it):
 * `expired` once its end date has passed, `expiring` within CONSENT_EXPIRING_WITHIN_DAYS of it.
 */
export const CONSENT_STATES = ['valid', 'expiring', 'expired'] as const;
export type ConsentState = (typeof CONSENT_STATES)[number];

/** The filters of the credentials list: consents expiring within the warning window, or expired. */
export const CONSENT_FILTERS = ['expiring', 'expired'] as const;
export type ConsentFilter = (typeof CONSENT_FILTERS)[number];

export interface DerivedConsent {
  state: ConsentState;
  /** Days left, counting a day begun (a consent ending in 36 h has 2; one just given has all); 0 once expired. */
  daysLeft: number;
}

export function deriveConsent(expiresAt: Date | string, now: Date): DerivedConsent {
  const leftMs = new Date(expiresAt).getTime() - now.getTime();
  if (leftMs <= 0) return { state: 'expired', daysLeft: 0 };
  return {
    state: leftMs <= CONSENT_EXPIRING_WITHIN_DAYS * DAY_MS ? 'expiring' : 'valid',
    daysLeft: Math.ceil(leftMs / DAY_MS),
  };
}
