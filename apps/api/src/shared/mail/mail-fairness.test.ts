import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { createCompany, createLogCapture, createTestClock } from '../../test/test-app';
import { openTestDatabase } from '../../test/test-database';
import { systemClock } from '../clock';
import { type JobQueue, startJobs } from '../jobs/jobs';
import { mailJobPriority, mailJobs, notifyMailQueued } from './mail-jobs';
import { deliverPendingMail } from './mail-sender';
import type { MailMessage } from './mail-transport';
import { MAIL_BACKLOG_CAP, queueMail } from './outbox';

let handle: DatabaseHandle;
let companyA: string;
let companyB: string;
const log = createLogCapture().logger;
const sent: MailMessage[] = [];
/** A send the test holds open (the SMTP server is slow), so mail piles up behind it. */
let heldSend: Promise<void> | null = null;
const transport = {
  send: async (message: MailMessage) => {
    sent.push(message);
    await heldSend;
  },
};

beforeAll(async () => {
  handle = await openTestDatabase();
  companyA = (await createCompany(handle.db)).id;
  companyB = (await createCompany(handle.db)).id;
});
afterAll(() => handle.close());

function queueTo(companyId: string | null, to: string): Promise<string> {
  return queueMail(handle.db, { companyId, to, subject: 'S', text: 'T' });
}

async function waitUntil(isDone: () => boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline && !isDone()) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('mail priorities', () => {
  it("keeps every interactive mail ahead of every bulk one, whatever the company's backlog", () => {
    const lastInteractive = mailJobPriority('interactive', MAIL_BACKLOG_CAP * 2);
    expect(lastInteractive).toBeGreaterThan(mailJobPriority('bulk', 0));
    expect(mailJobPriority('interactive', 0)).toBeGreaterThan(mailJobPriority('interactive', 1));
    expect(mailJobPriority('bulk', 0)).toBeGreaterThan(mailJobPriority('bulk', 1));
  });
});

describe('the sweep', () => {
  it("sends companies' pending mail in turn, not one company's backlog first", async () => {
    const queued: [string, number][] = [];
    for (let index = 1; index <= 5; index += 1) {
      queued.push([await queueTo(companyA, `a-${index}@sweep.test`), 10 - index]);
    }
    queued.push(
      [await queueTo(companyB, 'b@sweep.test'), 2],
      [await queueTo(null, 'platform@sweep.test'), 1],
    );
    // A's backlog the oldest, each mail its own second (PGlite's clock is coarse: inserts can share one).
    for (const [id, secondsAgo] of queued) {
      await sql`update mail_outbox set created_at = now() - make_interval(secs => ${secondsAgo}) where id = ${id}`.execute(
        handle.db,
      );
    }
    const first = sent.length;
    const deps = { db: handle.db, clock: createTestClock(), log, transport, mailFrom: 'f@caudal.test' };
    expect(await deliverPendingMail(deps, 3)).toEqual(['sent', 'sent', 'sent']);
    // One per company first (their oldest), oldest first; oldest first alone would send three of A's.
    expect(sent.slice(first).map((message) => message.to)).toEqual([
      'a-1@sweep.test',
      'b@sweep.test',
      'platform@sweep.test',
    ]);
    await deliverPendingMail(deps);
    expect(sent.slice(first + 3).map((message) => message.to)).toEqual(
      [2, 3, 4, 5].map((index) => `a-${index}@sweep.test`),
    );
  });
});

describe('the send queue', () => {
  let jobs: JobQueue;
  beforeAll(async () => {
    jobs = await startJobs(
      handle,
      [mailJobs({ db: handle.db, clock: systemClock, log, transport, mailFrom: 'f@caudal.test' }, 60)],
      log,
      { isScheduling: false },
    );
    // The start queues one sweep; let it finish so only the send worker's order is seen.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const { rows } = await sql<{ waiting: number }>`
        select count(*)::int as waiting from pgboss.job
        where name = 'mail.sweep' and state in ('created', 'retry', 'active')`.execute(handle.db);
      if ((rows[0]?.waiting ?? 0) === 0 || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  afterAll(() => jobs.stop());

  it("sends another company's and the platform's interactive mail before one company's backlog drains", async () => {
    let release: () => void = () => {};
    heldSend = new Promise((resolve) => (release = resolve));
    const first = sent.length;
    // The worker is busy with company A's first invitation while A queues many more.
    await notifyMailQueued(handle.db, jobs, log, await queueTo(companyA, 'a-1@queue.test'));
    await waitUntil(() => sent.length > first);
    for (let index = 2; index <= 8; index += 1) {
      await notifyMailQueued(handle.db, jobs, log, await queueTo(companyA, `a-${index}@queue.test`));
    }
    await notifyMailQueued(handle.db, jobs, log, await queueTo(companyA, 'a-reminder@queue.test'), 'bulk');
    // Then another company's reset link, and the platform's.
    await notifyMailQueued(handle.db, jobs, log, await queueTo(companyB, 'b@queue.test'));
    await notifyMailQueued(handle.db, jobs, log, await queueTo(null, 'platform@queue.test'));
    heldSend = null;
    release();
    await waitUntil(() => sent.length >= first + 11);
    const order = sent.slice(first).map((message) => message.to);
    expect(order[0]).toBe('a-1@queue.test');
    // Served at once, not after A's other seven: pg-boss takes them by the priorities their turns gave.
    expect(order.slice(1, 3).sort()).toEqual(['b@queue.test', 'platform@queue.test']);
    expect(order.slice(3, 10)).toEqual([2, 3, 4, 5, 6, 7, 8].map((index) => `a-${index}@queue.test`));
    // Bulk mail still waits for every interactive one.
    expect(order[10]).toBe('a-reminder@queue.test');
  });
});
