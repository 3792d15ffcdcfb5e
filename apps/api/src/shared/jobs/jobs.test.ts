import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { createLogCapture } from '../../test/test-app';
import { openTestDatabase } from '../../test/test-database';
import { systemClock } from '../clock';
import { mailJobs, notifyMailQueued } from '../mail/mail-jobs';
import type { MailMessage } from '../mail/mail-transport';
import { queueMail } from '../mail/outbox';
import { type JobQueue, startJobs } from './jobs';

let handle: DatabaseHandle;
let jobs: JobQueue;
const sent: MailMessage[] = [];
const log = createLogCapture().logger;

beforeAll(async () => {
  handle = await openTestDatabase();
  const transport = { send: async (message: MailMessage) => void sent.push(message) };
  jobs = await startJobs(
    handle,
    [mailJobs({ db: handle.db, clock: systemClock, log, transport, mailFrom: 'f@caudal.test' })],
    log,
  );
}, 60_000);
afterAll(async () => {
  await jobs.stop();
  await handle.close();
});

describe('pg-boss', () => {
  it(`starts on this database and runs the mail job`, async () => {
    const id = await queueMail(handle.db, {
      companyId: null,
      to: 'job@caudal.test',
      subject: 'S',
      text: 'T',
    });
    await notifyMailQueued(jobs, log, id);
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && !sent.some((message) => message.to === 'job@caudal.test')) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const row = await handle.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('sent');
  });
});
