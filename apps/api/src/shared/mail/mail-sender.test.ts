import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { createLogCapture, createTestClock } from '../../test/test-app';
import { openTestDatabase } from '../../test/test-database';
import { deliverMail, deliverPendingMail, MAX_MAIL_ATTEMPTS } from './mail-sender';
import { createLogTransport, type MailMessage, type MailTransport } from './mail-transport';
import { queueMail } from './outbox';

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
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    expect(row.sent_at).not.toBeNull();
  });

  it('logs the mail, link included, when SMTP is not configured', async () => {
    const capture = createLogCapture();
    const deps = {
      db: handle.db,
      clock,
      log: capture.logger,
      transport: createLogTransport(capture.logger),
      mailFrom: 'from@caudal.test',
    };
    const id = await queueMail(handle.db, { ...mail, text: 'Open https://portal.test/reset?token=abc' });
    await deliverPendingMail(deps);
    expect((await findRow(id)).status).toBe('sent');
    expect(capture.text()).toContain('SMTP_URL is not set');
    expect(capture.text()).toContain('https://portal.test/reset?token=abc');
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
