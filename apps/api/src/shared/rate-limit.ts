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
  return {
    isAllowed: row.hits <= rule.limit,
    limit: rule.limit,
    remaining: Math.max(0, rule.limit - row.hits),
    resetSeconds: secondsUntilWindowEnds(rule, row.window_started_at, now),
  };
}

/**
 * Gives back one hit `hitRateLimit` counted, for a rule that counts only some outcomes known after the
 * hit (a login's wrong passwords: the hit is taken before the bank answers, so that parallel attempts
 * cannot all pass, and returned when the bank did not refuse). Never below zero.
 */
export async function returnRateLimitHit(db: Db, rule: RateLimitRule): Promise<void> {
  await runWithoutOwed(() =>
    db
      .updateTable('rate_limits')
      .set({ hits: sql`greatest(hits - 1, 0)` })
      .where('key', '=', rule.key)
      .execute(),
  );
}

/**
 * Seconds until `key` may be hit again once its budget is spent, or null while it may be: reads the
 * counter without counting (a page view that only says whether a budget is spent).
 */
export async function findRateLimitWait(db: Db, rule: RateLimitRule, now: Date): Promise<number | null> {
  const row = await db
    .selectFrom('rate_limits')
    .select(['hits', 'window_started_at'])
    .where('key', '=', rule.key)
    .executeTakeFirst();
  if (!row || row.hits < rule.limit) return null;
  // The window is over: the next hit opens a new one.
  if (windowEndOf(rule, row.window_started_at) <= now.getTime()) return null;
  return secondsUntilWindowEnds(rule, row.window_started_at, now);
}

function windowEndOf(rule: RateLimitRule, startedAt: Date | string): number {
  return new Date(startedAt).getTime() + rule.windowMinutes * 60_000;
}

function secondsUntilWindowEnds(rule: RateLimitRule, startedAt: Date | string, now: Date): number {
  return Math.max(1, Math.ceil((windowEndOf(rule, startedAt) - now.getTime()) / 1000));
}
