import { WEBHOOK_RETRY_WINDOW_HOURS } from '@caudal/contract';

const FIRST_RETRY_MS = 30_000;
const LONGEST_WAIT_MS = 4 * 3_600_000;

/**
 * When to try again after `failures` failed attempts: 30 s, then each wait twice the last (1 min,
 * 2 min … about 4 h 16 min capped at 4 h), for 24 h from the window's start (the delivery's creation
 * or its last replay). A wait that would end past the window is cut to its end, once, so the last try
 * falls at 24 h; after that, null: the delivery is failed.
 */
export function findNextAttemptAt(failures: number, windowStartedAt: Date, now: Date): Date | null {
  const windowEnd = windowStartedAt.getTime() + WEBHOOK_RETRY_WINDOW_HOURS * 3_600_000;
  if (now.getTime() >= windowEnd) return null;
  const wait = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1), LONGEST_WAIT_MS);
  return new Date(Math.min(now.getTime() + wait, windowEnd));
}

/** How long an attempt holds its delivery: longer than the request's timeout, so no two overlap. */
export const ATTEMPT_LEASE_MS = 60_000;
