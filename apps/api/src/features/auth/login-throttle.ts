import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** Failed sign-ins per client address share the `rate_limits` table with the other per-key limits. */
function throttleKey(ip: string): string {
  return `login:ip:${ip}`;
}

/**
 * Reserves one sign-in attempt from `ip` before the password is checked, atomically and in the
 * database (every instance shares the count). A success gives its reservation back, so only failures
 * accumulate. Refused: the seconds until the window ends, for `Retry-After`.
 */
export async function reserveIpAttempt(
  db: Db,
  ip: string,
  policy: { now: Date; limit: number; windowMinutes: number },
): Promise<{ isAllowed: true } | { isAllowed: false; retryAfterSeconds: number }> {
  const windowStart = new Date(policy.now.getTime() - policy.windowMinutes * 60_000);
  const isOver = sql`rate_limits.window_started_at <= ${windowStart}::timestamptz`;
  const { rows } = await sql<{ hits: number; window_started_at: Date }>`
    insert into rate_limits (key, hits, window_started_at)
    values (${throttleKey(ip)}, 1, ${policy.now}::timestamptz)
    on conflict (key) do update set
      hits = case when ${isOver} then 1 else rate_limits.hits + 1 end,
      window_started_at = case when ${isOver} then ${policy.now}::timestamptz else rate_limits.window_started_at end
    returning hits, window_started_at
  `.execute(db);
  const row = rows[0];
  if (row && row.hits <= policy.limit) return { isAllowed: true };
  const startedAt = row ? new Date(row.window_started_at).getTime() : policy.now.getTime();
  const endsAt = startedAt + policy.windowMinutes * 60_000;
  return {
    isAllowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil((endsAt - policy.now.getTime()) / 1000)),
  };
}

/** A successful sign-in is not a failure: it gives back the attempt it reserved. */
export async function releaseIpAttempt(db: Db, ip: string): Promise<void> {
  await sql`update rate_limits set hits = greatest(hits - 1, 0) where key = ${throttleKey(ip)}`.execute(db);
}
