import { sql } from 'kysely';
import {
  deleteInBatches,
  hoursBefore,
  PURGE_GRACE_HOURS,
  type PurgeTask,
} from '../../shared/housekeeping/housekeeping';

/** Invitation links that can no longer be used (expired, used or revoked), a day after they died. */
export const teamPurgeTasks: readonly PurgeTask[] = [
  {
    name: 'staff_invitations',
    purge: (db, now) => {
      const before = hoursBefore(now, PURGE_GRACE_HOURS);
      return deleteInBatches(
        db,
        'staff_invitations',
        sql<boolean>`expires_at < ${before}::timestamptz or used_at < ${before}::timestamptz
          or revoked_at < ${before}::timestamptz`,
      );
    },
  },
];
