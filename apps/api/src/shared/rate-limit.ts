import { sql } from 'kysely';
import type { Db } from '../db/database';

/**
 * Counts one hit on `key` in a fixed window, in the database so every instance shares it.
 * Returns false once the key went over `limit` within the window.
 */
export async function isWithinRateLimit(
  db: Db,
  rule: { key: string; limit: number; windowMinutes: number },
  now: Date,
): Promise<boolean> {
  const windowStart = new Date(now.getTime() - rule.windowMinutes * 60_000);
  const row = await db
    .insertInto('rate_limits')
    .values({ key: rule.key, hits: 1, window_started_at: now })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        hits: sql`case when rate_limits.window_started_at <= ${windowStart} then 1 else rate_limits.hits + 1 end`,
        window_started_at: sql`case when rate_limits.window_started_at <= ${windowStart} then ${now} else rate_limits.window_started_at end`,
      }),
    )
    .returning('hits')
    .executeTakeFirstOrThrow();
  return row.hits <= rule.limit;
}
