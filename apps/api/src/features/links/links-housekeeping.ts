import { sql } from 'kysely';
import {
  deleteInBatches,
  hoursBefore,
  PURGE_GRACE_HOURS,
  type PurgeTask,
} from '../../shared/housekeeping/housekeeping';

/**
 * Link codes once expired, spent or not: `pending_code_count` counts only unexpired unspent codes, so
 * removing them changes no figure and frees a Link for deletion exactly as expiry already did.
 */
export const linksPurgeTasks: readonly PurgeTask[] = [
  {
    name: 'link_codes',
    purge: (db, now) =>
      deleteInBatches(
        db,
        'link_codes',
        sql<boolean>`expires_at < ${hoursBefore(now, PURGE_GRACE_HOURS)}::timestamptz`,
      ),
  },
];
