import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { openTestDatabase } from '../../test/test-database';
import { mailPurgeTask, UNSENT_TEXT_KEPT_HOURS } from './mail-housekeeping';
import { queueMail } from './outbox';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

/** A mail in `status`, queued `hoursAgo`, with a link in its text unless it was sent. */
async function queueAged(to: string, status: string, hoursAgo: number): Promise<string> {
  const text = `Open ${to}/link`;
  const id = await queueMail(handle.db, { companyId: null, to, subject: 'S', text });
  await sql`
    update mail_outbox
    set status = ${status}, body_text = ${status === 'sent' ? '' : text},
      created_at = now() - make_interval(hours => ${hoursAgo})
    where id = ${id}`.execute(handle.db);
  return id;
}

describe('mail housekeeping', () => {
  it("erases unsent mail's text once its links expired, and deletes mail a month old", async () => {
    await queueAged('fresh-not-sent@caudal.test', 'not_sent', UNSENT_TEXT_KEPT_HOURS - 1);
    await queueAged('old-not-sent@caudal.test', 'not_sent', UNSENT_TEXT_KEPT_HOURS + 1);
    await queueAged('old-failed@caudal.test', 'failed', UNSENT_TEXT_KEPT_HOURS + 1);
    await queueAged('old-sent@caudal.test', 'sent', UNSENT_TEXT_KEPT_HOURS + 1);
    // Still waiting to be sent: its text is what will be sent.
    await queueAged('old-pending@caudal.test', 'pending', UNSENT_TEXT_KEPT_HOURS + 1);
    await queueAged('month-old@caudal.test', 'not_sent', 31 * 24);

    // One mail deleted, two texts erased.
    expect(await mailPurgeTask.purge(handle.db, new Date())).toBe(3);
    const rows = await handle.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'status', 'body_text'])
      .orderBy('to_address')
      .execute();
    expect(rows).toEqual([
      {
        to_address: 'fresh-not-sent@caudal.test',
        status: 'not_sent',
        body_text: 'Open fresh-not-sent@caudal.test/link',
      },
      { to_address: 'old-failed@caudal.test', status: 'failed', body_text: '' },
      { to_address: 'old-not-sent@caudal.test', status: 'not_sent', body_text: '' },
      {
        to_address: 'old-pending@caudal.test',
        status: 'pending',
        body_text: 'Open old-pending@caudal.test/link',
      },
      { to_address: 'old-sent@caudal.test', status: 'sent', body_text: '' },
    ]);
    expect(await mailPurgeTask.purge(handle.db, new Date())).toBe(0);
  });

  it('keeps unsent text as long as the longest-lived link a mail carries (a 7-day renewal link)', () => {
    expect(UNSENT_TEXT_KEPT_HOURS).toBe(7 * 24);
  });
});
