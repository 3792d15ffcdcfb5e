import { sql } from 'kysely';
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
/** A send the test holds open (the SMTP server is slow), so mails pile up behind it. */
let heldSend: Promise<void> | null = null;
/** Longer than any test here: a mail sent within it was not waiting for the worker's next poll. */
const POLL_SECONDS = 60;

beforeAll(async () => {
  handle = await openTestDatabase();
  const transport = {
    send: async (message: MailMessage) => {
      sent.push(message);
      await heldSend;
    },
  };
  jobs = await startJobs(
    handle,
    [
      mailJobs(
        { db: handle.db, clock: systemClock, log, transport, mailFrom: 'f@caudal.test' },
        POLL_SECONDS,
      ),
    ],
    log,
    // The mail sweep's schedule would send pending mail in its own order, whenever a test crosses it.
    { isScheduling: false },
  );
  // The mail worker's start queues one sweep of pending mail (in its own order, oldest first): let it
  // run before the tests queue any, so only the send worker's order is seen.
  await waitForSweepDone();
});

async function waitForSweepDone(): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { rows } = await sql<{ waiting: number }>`
      select count(*)::int as waiting from pgboss.job
      where name = 'mail.sweep' and state in ('created', 'retry', 'active')`.execute(handle.db);
    if ((rows[0]?.waiting ?? 0) === 0 || Date.now() > deadline) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
afterAll(async () => {
  await jobs.stop();
  await handle.close();
});

async function queueTo(to: string): Promise<string> {
  return queueMail(handle.db, { companyId: null, to, subject: 'S', text: 'T' });
}

async function waitUntil(isDone: () => boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline && !isDone()) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('pg-boss', () => {
  it(`starts on this database and runs the mail job`, async () => {
    const id = await queueMail(handle.db, {
      companyId: null,
      to: 'job@caudal.test',
      subject: 'S',
      text: 'T',
    });
    await notifyMailQueued(handle.db, jobs, log, id);
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

  it('sends a burst of mail at once, not one mail per poll of the worker', async () => {
    // pg-boss waits its polling interval after every fetch: one mail per minute here, if the worker
    // did not ask again while it finds mail and wake when this instance queues some.
    const addresses = Array.from({ length: 6 }, (_, index) => `burst-${index}@caudal.test`);
    for (const to of addresses) await notifyMailQueued(handle.db, jobs, log, await queueTo(to), 'bulk');
    await waitUntil(() => addresses.every((to) => sent.some((message) => message.to === to)));
    expect(sent.filter((message) => addresses.includes(message.to))).toHaveLength(6);
  });

  it("sends the mail a person waits for before a batch's reminders queued earlier", async () => {
    let release: () => void = () => {};
    heldSend = new Promise((resolve) => (release = resolve));
    const first = sent.length;
    // The worker is busy with the first reminder while the others and the invitation are queued.
    await notifyMailQueued(handle.db, jobs, log, await queueTo('reminder-0@caudal.test'), 'bulk');
    await waitUntil(() => sent.length > first);
    for (let index = 1; index <= 5; index += 1) {
      await notifyMailQueued(handle.db, jobs, log, await queueTo(`reminder-${index}@caudal.test`), 'bulk');
    }
    await notifyMailQueued(handle.db, jobs, log, await queueTo('invited@caudal.test'), 'interactive');
    heldSend = null;
    release();
    await waitUntil(() => sent.length >= first + 7);
    const order = sent.slice(first).map((message) => message.to);
    expect(order.slice(0, 2)).toEqual(['reminder-0@caudal.test', 'invited@caudal.test']);
    // Jobs of one priority queued within one clock tick have no order of their own.
    expect(order.slice(2).sort()).toEqual([1, 2, 3, 4, 5].map((index) => `reminder-${index}@caudal.test`));
  });
});
