import { sql } from 'kysely';
import {
  deleteInBatches,
  hoursBefore,
  PURGE_GRACE_HOURS,
  type PurgeTask,
} from '../../shared/housekeeping/housekeeping';

/** Connect, reset and SCA tokens (hosted Link visits mint them too) once expired, used or not. */
export const connectionsPurgeTasks: readonly PurgeTask[] = [
  {
    name: 'connect_tokens',
    purge: (db, now) =>
      deleteInBatches(
        db,
        'connect_tokens',
        sql<boolean>`expires_at < ${hoursBefore(now, PURGE_GRACE_HOURS)}::timestamptz`,
      ),
  },
];
