import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitEvent } from '../../shared/events/emit-event';
import { type JobQueue, startJobs } from '../../shared/jobs/jobs';
import { createLogCapture, createTestApp, type TestApp } from '../../test/test-app';
import { createApplicationFor } from '../data-api/data-api-fixtures';
import { type SignedInTenant, signInTenant } from '../wealth/wealth-fixtures';
import { DISPATCH_PER_COMPANY } from './dispatch-events';
import { webhookJobs } from './webhook-jobs';
import { createEndpointFor, startReceiver, WEBHOOK_TEST_ENV } from './webhooks-fixtures';
import { withWebhookTables } from './webhooks-tables';

const FLOOD = 150;

let t: TestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let jobs: JobQueue | null = null;
beforeAll(async () => {
  // The fallback timer is an hour: only commits may wake the dispatcher in this test.
  t = await createTestApp({ env: { ...WEBHOOK_TEST_ENV, WEBHOOKS_POLL_MS: '3600000' } });
  receiver = await startReceiver();
});
afterAll(async () => {
  await jobs?.stop();
  await receiver.close();
  await t.close();
});

async function emitMany(tenant: SignedInTenant, count: number, at: Date) {
  await t.db.transaction().execute(async (trx) => {
    for (let n = 0; n < count; n += 1) {
      await emitEvent(trx, { companyId: tenant.companyId, type: 'link.code_issued', data: { n } }, at);
    }
  });
}

async function waitFor(isDone: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await isDone()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
}

async function findUndelivered() {
  return withWebhookTables(t.db)
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('status', '!=', 'delivered')
    .execute();
}

describe('one company’s flood of events does not hold another’s deliveries', { timeout: 120_000 }, () => {
  it('delivers the quiet company’s event among the first, woken by the commit alone', async () => {
    const flooding = await signInTenant(t);
    const quiet = await signInTenant(t);
    for (const [tenant, path] of [
      [flooding, '/ok/flood'],
      [quiet, '/ok/quiet'],
    ] as const) {
      const application = await createApplicationFor(tenant);
      await createEndpointFor(tenant, application.client_id, receiver.url(path), ['link.code_issued']);
    }
    const log = createLogCapture().logger;
    jobs = await startJobs(t.handle, [webhookJobs({ db: t.db, config: t.config, clock: t.clock })], log);

    // The flood first and older; then one event of the quiet company. Each commit wakes the dispatcher.
    const now = t.clock();
    await emitMany(flooding, FLOOD, new Date(now.getTime() - 60_000));
    await emitMany(quiet, 1, now);

    await waitFor(
      async () => receiver.received.length >= FLOOD + 1 && (await findUndelivered()).length === 0,
      90_000,
    );
    const paths = receiver.received.map((request) => request.path);
    expect(paths.filter((path) => path === '/ok/flood')).toHaveLength(FLOOD);
    expect(paths.filter((path) => path === '/ok/quiet')).toHaveLength(1);
    // Served in turn: the quiet company's delivery is not behind the flood (oldest first, it would be
    // the last). It goes within the first pass's share of the flood at most.
    expect(paths.indexOf('/ok/quiet')).toBeLessThan(DISPATCH_PER_COMPANY);
    // Each event delivered once.
    const ids = receiver.received.map((request) => request.headers['webhook-id']);
    expect(new Set(ids).size).toBe(FLOOD + 1);
    expect(await findUndelivered()).toEqual([]);
  });
});
