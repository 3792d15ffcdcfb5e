/** The windows a Link's funnel is shown for, in days. */
export const FUNNEL_WINDOWS_DAYS = [1, 7, 14, 30] as const;
export type FunnelWindowDays = (typeof FUNNEL_WINDOWS_DAYS)[number];
/** The window shown (and answered) when none is asked for. */
export const FUNNEL_DEFAULT_DAYS: FunnelWindowDays = 7;

/** The steps of a hosted-page visit, in order; `abandoned` is derived (idle, not succeeded). */
export const FUNNEL_STEPS = [
  'opened',
  'institution_chosen',
  'credentials_sent',
  'sca_asked',
  'sca_passed',
  'succeeded',
  'abandoned',
] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** A visit that has not succeeded and did nothing for this long counts as abandoned (FUNNEL_IDLE_SECONDS). */
export const FUNNEL_ABANDON_AFTER_MS = 30 * 60 * 1000;

/** Why a connection attempt or a refresh failed: the institution's answer, never its text. */
export const INSTITUTION_ERRORS = [
  'invalid_access',
  'blocked',
  'down',
  'invalid_sca_code',
  'sca_required',
] as const;
export type InstitutionError = (typeof INSTITUTION_ERRORS)[number];

export const INSTITUTION_STATES = ['operational', 'degraded', 'down'] as const;
export type InstitutionState = (typeof INSTITUTION_STATES)[number];

/** Health figures cover this many days. */
export const INSTITUTION_HEALTH_DAYS = 14;

/**
 * The state reads the institution's most recent outcomes (connections and refreshes of the company)
 * within RECENT_HOURS, at most RECENT_OUTCOMES of them; `down` outcomes are the institution's own failures
 * (a wrong password is the visitor's). Decision 0034.
 */
export const INSTITUTION_STATE_RULES = {
  recentHours: 6,
  recentOutcomes: 10,
  /** Down: at least this many `down` outcomes, and at least this share of the recent ones. */
  downMinCount: 3,
  downMinShare: 0.8,
  /** Degraded: at least this many `down` outcomes, and at least this share. */
  degradedMinCount: 2,
  degradedMinShare: 0.2,
} as const;
