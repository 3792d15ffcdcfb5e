import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { createLogCapture, createTestClock } from '../../test/test-app';
import { openTestDatabase } from '../../test/test-database';
import { deliverMail, deliverPendingMail, MAX_MAIL_ATTEMPTS, NO_SMTP_REASON } from './mail-sender';
import { createLogTransport, type MailMessage, type MailTransport } from './mail-transport';
import { findOutboxMails, queueMail } from './outbox';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

const clock = createTestClock();
const mail = { companyId: null, to: 'someone@caudal.test', subject: 'Hello', text: 'Body with a link' };

function createFakeTransport(failures = 0) {
  const sent: MailMessage[] = [];
  let remaining = failures;
  const transport: MailTransport = {
    async send(message) {
      if (remaining > 0) {
        remaining -= 1;
        throw new Error('smtp down');
      }
      sent.push(message);
    },
  };
  return { transport, sent };
}

const findRow = (id: string) =>
  handle.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('the mail sender', () => {
  it('sends a pending mail once and marks it sent', async () => {
    const { transport, sent } = createFakeTransport();
    const deps = {
      db: handle.db,
      clock,
      log: createLogCapture().logger,
      transport,
      mailFrom: 'from@caudal.test',
    };
    const id = await queueMail(handle.db, mail);
    expect(await deliverMail(deps, id)).toBe('sent');
    expect(await deliverMail(deps, id)).toBe('skipped');
    expect(sent).toEqual([
      { from: 'from@caudal.test', to: mail.to, subject: 'Hello', text: 'Body with a link' },
    ]);
    const row = await findRow(id);
    // Its text goes with the delivery: it may hold a one-time link.
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null, body_text: '' });
    expect(row.sent_at).not.toBeNull();
  });

  it('logs the mail, link included, when SMTP is not configured, and keeps it not sent with its text', async () => {
    const capture = createLogCapture();
    const deps = {
      db: handle.db,
      clock,
      log: capture.logger,
      transport: createLogTransport(capture.logger),
      mailFrom: 'from@caudal.test',
    };
    const text = 'Open https://portal.test/reset?token=abc';
    const id = await queueMail(handle.db, { ...mail, to: 'unsent@caudal.test', text });
    expect(await deliverPendingMail(deps)).toEqual(['not_sent']);
    expect(capture.text()).toContain('SMTP_URL is not set');
    expect(capture.text()).toContain('https://portal.test/reset?token=abc');
    // Nobody received it: recorded as such, its text kept for the operator (QA found it `sent`, text wiped).
    expect(await findRow(id)).toMatchObject({
      status: 'not_sent',
      attempts: 1,
      body_text: text,
      sent_at: null,
      last_error: NO_SMTP_REASON,
    });
    expect(await findOutboxMails(handle.db, { to: 'Unsent@caudal.test', limit: 5 })).toEqual([
      {
        to: 'unsent@caudal.test',
        subject: 'Hello',
        status: 'not_sent',
        created_at: expect.any(String),
        text,
      },
    ]);
    // Final: neither a retried job nor the sweep writes it to the log again.
    expect(await deliverMail(deps, id)).toBe('skipped');
    expect(await deliverPendingMail(deps)).toEqual([]);
    expect(capture.text().split('SMTP_URL is not set')).toHaveLength(2);
  });

  it('counts failed attempts, keeps retrying, and gives up after the limit', async () => {
    const { transport, sent } = createFakeTransport(MAX_MAIL_ATTEMPTS);
    const deps = {
      db: handle.db,
      clock,
      log: createLogCapture().logger,
      transport,
      mailFrom: 'f@caudal.test',
    };
    const id = await queueMail(handle.db, mail);
    await expect(deliverMail(deps, id)).rejects.toThrow('will be retried');
    expect(await findRow(id)).toMatchObject({ status: 'pending', attempts: 1, last_error: 'smtp down' });
    for (let attempt = 2; attempt < MAX_MAIL_ATTEMPTS; attempt++) {
      await expect(deliverMail(deps, id)).rejects.toThrow();
    }
    expect(await deliverMail(deps, id)).toBe('failed');
    expect(await findRow(id)).toMatchObject({ status: 'failed', attempts: MAX_MAIL_ATTEMPTS });
    expect(sent).toHaveLength(0);
  });
});
