import { sql } from 'kysely';
import {
  deleteInBatches,
  hoursBefore,
  PURGE_GRACE_HOURS,
  type PurgeTask,
} from '../../shared/housekeeping/housekeeping';

/**
 * Lockout windows are at most a day (config caps them), so a failure row whose window started two
 * days ago and holds no lock counts for nothing and can go.
 */
const STALE_FAILURE_HOURS = 48;

/** Ended or expired sessions, spent or expired reset codes, and failure counters that no longer count. */
export const authPurgeTasks: readonly PurgeTask[] = [
  {
    name: 'sessions',
    purge: (db, now) => {
      const before = hoursBefore(now, PURGE_GRACE_HOURS);
      return deleteInBatches(
        db,
        'sessions',
        sql<boolean>`expires_at < ${before}::timestamptz or ended_at < ${before}::timestamptz`,
      );
    },
  },
  {
    name: 'password_reset_tokens',
    purge: (db, now) =>
      deleteInBatches(
        db,
        'password_reset_tokens',
        sql<boolean>`expires_at < ${hoursBefore(now, PURGE_GRACE_HOURS)}::timestamptz`,
      ),
  },
  {
    name: 'sign_in_challenges',
    purge: (db, now) =>
      deleteInBatches(
        db,
        'sign_in_challenges',
        sql<boolean>`expires_at < ${hoursBefore(now, PURGE_GRACE_HOURS)}::timestamptz`,
      ),
  },
  {
    name: 'login_failures',
    purge: (db, now) =>
      deleteInBatches(
        db,
        'login_failures',
        sql<boolean>`window_started_at < ${hoursBefore(now, STALE_FAILURE_HOURS)}::timestamptz
          and (locked_until is null or locked_until < ${now}::timestamptz)`,
      ),
  },
];
