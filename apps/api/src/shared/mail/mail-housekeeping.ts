import { CONSENT_RENEWAL_LINK_TTL_MS, INVITATION_TTL_HOURS } from '@caudal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { deleteInBatches, hoursBefore, PURGE_BATCH_SIZE, type PurgeTask } from '../housekeeping/housekeeping';

/** Delivered or given-up mail is kept a month for support questions ("did the reset mail go?"). */
const MAIL_RETENTION_HOURS = 30 * 24;

/**
 * How long mail nobody received (`not_sent`: no SMTP; `failed`) keeps its text for the operator's `mail
 * list`: the longest-lived link a mail carries (a consent renewal link, 7 days; an invitation lasts 72
 * hours, a reset link 30 minutes). The outbox does not know which link a mail holds, so every unsent
 * mail keeps its text that long; past it, no link inside still opens anything.
 */
export const UNSENT_TEXT_KEPT_HOURS = Math.max(CONSENT_RENEWAL_LINK_TTL_MS / 3_600_000, INVITATION_TTL_HOURS);

/** Mail is deleted a month after it was queued; unsent mail loses its text once its links expired. */
export const mailPurgeTask: PurgeTask = {
  name: 'mail_outbox',
  purge: async (db, now) => {
    const deleted = await deleteInBatches(
      db,
      'mail_outbox',
      sql<boolean>`status <> 'pending' and created_at < ${hoursBefore(now, MAIL_RETENTION_HOURS)}::timestamptz`,
    );
    // Counted with the deleted rows: the housekeeping log reports one figure per task.
    return deleted + (await eraseExpiredUnsentText(db, now));
  },
};

/**
 * Erases the text of unsent mail older than `UNSENT_TEXT_KEPT_HOURS`, in batches (through the partial
 * index of migration 0046); answers how many mails lost theirs. Sent mail lost it when it was sent.
 */
async function eraseExpiredUnsentText(db: Db, now: Date): Promise<number> {
  const before = hoursBefore(now, UNSENT_TEXT_KEPT_HOURS);
  let total = 0;
  for (;;) {
    const result = await sql`
      update mail_outbox set body_text = ''
      where ctid = any(array(
        select ctid from mail_outbox
        where status in ('not_sent', 'failed') and body_text <> '' and created_at < ${before}::timestamptz
        limit ${PURGE_BATCH_SIZE}
      ))
    `.execute(db);
    const erased = Number(result.numAffectedRows ?? 0n);
    total += erased;
    if (erased < PURGE_BATCH_SIZE) return total;
  }
}
