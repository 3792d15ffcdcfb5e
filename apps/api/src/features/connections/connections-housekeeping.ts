import { sql } from 'kysely';
import {
  deleteInBatches,
  hoursBefore,
  PURGE_GRACE_HOURS,
  type PurgeTask,
} from '../../shared/housekeeping/housekeeping';

/** A consent period's notices are kept this long after the period ended (a renewal started another). */
export const CONSENT_NOTICES_KEEP_DAYS = 30;

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
  {
    // What the consent scan did for a period that ended long ago and is no longer the credential's
    // (renewed since, or the credential is gone: the foreign key already takes those with it). The
    // current period's notices stay, however old: its `expired` notice is what stops the scan from
    // announcing the same expiry every hour, and a credential has at most one row per kind of it.
    name: 'consent_notices',
    purge: (db, now) =>
      deleteInBatches(
        db,
        'consent_notices',
        sql<boolean>`consent_notices.consent_expires_at < ${hoursBefore(now, CONSENT_NOTICES_KEEP_DAYS * 24)}::timestamptz
          and not exists (
            select 1 from credentials
            where credentials.id = consent_notices.credentials_id
              and credentials.consent_expires_at = consent_notices.consent_expires_at
          )`,
      ),
  },
];
