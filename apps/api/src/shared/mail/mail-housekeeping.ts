import { sql } from 'kysely';
import { deleteInBatches, hoursBefore, type PurgeTask } from '../housekeeping/housekeeping';

/** Delivered or given-up mail is kept a month for support questions ("did the reset mail go?"). */
const MAIL_RETENTION_HOURS = 30 * 24;

export const mailPurgeTask: PurgeTask = {
  name: 'mail_outbox',
  purge: (db, now) =>
    deleteInBatches(
      db,
      'mail_outbox',
      sql<boolean>`status <> 'pending' and created_at < ${hoursBefore(now, MAIL_RETENTION_HOURS)}::timestamptz`,
    ),
};
