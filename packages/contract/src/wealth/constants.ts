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
/** An investment's timeline lists at most this many of its movements in the range (the newest). */
export const TIMELINE_MAX_TRANSACTIONS = 500;
