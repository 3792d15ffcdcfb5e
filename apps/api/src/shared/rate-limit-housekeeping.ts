import { sql } from 'kysely';
import { deleteInBatches, hoursBefore, type PurgeTask } from './housekeeping/housekeeping';

/** Every rate-limit window is at most a day, so a counter whose window started two days ago is spent. */
const STALE_WINDOW_HOURS = 48;

export const rateLimitPurgeTask: PurgeTask = {
  name: 'rate_limits',
  purge: (db, now) =>
    deleteInBatches(
      db,
      'rate_limits',
      sql<boolean>`window_started_at < ${hoursBefore(now, STALE_WINDOW_HOURS)}::timestamptz`,
    ),
};
