/** Aliases are identifiers staff type and search by: no spaces at the ends, a conservative set. */
export const ALIAS_CHARACTERS = /^[\p{L}\p{N} ._\-/@+&]$/u;
export const ALIAS_MAX = 60;

export const CLIENT_SORTS = ['name', 'alias', 'created_at'] as const;
export const CLIENT_PAGE_SIZE = { default: 25, max: 100 } as const;

/** The body stays the spec's list; the total number of matches travels in `TOTAL_COUNT_HEADER`. */
export const TOTAL_COUNT_HEADER = 'x-total-count';

export const TRANSACTION_PAGE_SIZE = { default: 50, max: 200 } as const;

/** The periods a history chart offers (issue 31): the last month, three, twelve, or since the first record. */
export const HISTORY_RANGES = ['1m', '3m', '12m', 'all'] as const;
export type HistoryRange = (typeof HISTORY_RANGES)[number];
export const DEFAULT_HISTORY_RANGE: HistoryRange = '3m';
/**
 * How far apart a balance history's points are: one a day for spans up to HISTORY_DAILY_MAX_DAYS,
 * one a week (each week's last day) up to HISTORY_WEEKLY_MAX_DAYS, else one a month, so an `all` range
 * over years of movements stays a few hundred points. The last point is always the range's last day.
 */
export const HISTORY_BUCKETS = ['day', 'week', 'month'] as const;
export type HistoryBucket = (typeof HISTORY_BUCKETS)[number];
export const HISTORY_DAILY_MAX_DAYS = 400;
export const HISTORY_WEEKLY_MAX_DAYS = 1830;
/** An investment's timeline lists at most this many of its movements in the range (the newest). */
export const TIMELINE_MAX_TRANSACTIONS = 500;
