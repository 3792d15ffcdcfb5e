import { sql } from 'kysely';
import { runWithoutOwed } from '../db/before-first-commit';
import type { Db } from '../db/database';

/**
 * Counts one hit on `key` in a fixed window, in the database so every instance shares it.
 * Returns false once the key went over `limit` within the window.
 */
export async function isWithinRateLimit(db: Db, rule: RateLimitRule, now: Date): Promise<boolean> {
  return (await hitRateLimit(db, rule, now)).isAllowed;
}

export interface RateLimitRule {
  key: string;
  limit: number;
  windowMinutes: number;
}

export interface RateLimitHit {
  isAllowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets: the `Retry-After` of a 429. */
  resetSeconds: number;
}

/** One hit, with what a caller needs for `Retry-After` and `RateLimit-*` headers. */
export async function hitRateLimit(db: Db, rule: RateLimitRule, now: Date): Promise<RateLimitHit> {
  const windowStart = new Date(now.getTime() - rule.windowMinutes * 60_000);
  // Counted whatever the call then does: not its change, so never the one its audit event rides on.
  const row = await runWithoutOwed(() =>
    db
      .insertInto('rate_limits')
      .values({ key: rule.key, hits: 1, window_started_at: now })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          hits: sql`case when rate_limits.window_started_at <= ${windowStart} then 1 else rate_limits.hits + 1 end`,
          window_started_at: sql`case when rate_limits.window_started_at <= ${windowStart} then ${now} else rate_limits.window_started_at end`,
        }),
      )
      .returning(['hits', 'window_started_at'])
      .executeTakeFirstOrThrow(),
  );
  const endsAt = new Date(row.window_started_at).getTime() + rule.windowMinutes * 60_000;
  return {
    isAllowed: row.hits <= rule.limit,
    limit: rule.limit,
    remaining: Math.max(0, rule.limit - row.hits),
    resetSeconds: Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)),
  };
}
