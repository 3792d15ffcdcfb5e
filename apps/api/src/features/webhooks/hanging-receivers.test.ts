import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitEvent } from '../../shared/events/emit-event';
import { type JobQueue, startJobs } from '../../shared/jobs/jobs';
import { createLogCapture, createTestApp, type TestApp } from '../../test/test-app';
import { createApplicationFor } from '../data-api/data-api-fixtures';
import { signInTenant } from '../wealth/wealth-fixtures';
import { webhookJobs } from './webhook-jobs';
import { createEndpointFor, startReceiver, WEBHOOK_TEST_ENV } from './webhooks-fixtures';
import { withWebhookTables } from './webhooks-tables';

/** Far longer than the test: without slots of its own, the quiet company would wait all of it. */
const HANGING_TIMEOUT_MS = 600_000;
const HANGING_EVENTS = 30;

/** A receiver that reads each request and never answers, as a frozen server does. */
async function startHangingReceiver() {
  const sockets = new Set<Socket>();
  let requests = 0;
  const server: Server = createServer((request) => {
    request.resume();
    requests += 1;
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hang`,
    requests: () => requests,
    open: () => sockets.size,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let t: TestApp;
let jobs: JobQueue | null = null;
let hanging: Awaited<ReturnType<typeof startHangingReceiver>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  t = await createTestApp({ env: WEBHOOK_TEST_ENV });
  hanging = await startHangingReceiver();
  receiver = await startReceiver();
});
afterAll(async () => {
  // The hanging attempts end as their connections drop, so the workers stop at once.
  await hanging.close();
  await jobs?.stop();
  await receiver.close();
  await t.close();
});

async function waitFor(isDone: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!isDone() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('a company whose receivers hang', () => {
  it('holds its share of the delivery slots, and another company’s delivery goes at once', async () => {
    const frozen = await signInTenant(t);
    const quiet = await signInTenant(t);
    const frozenApplication = await createApplicationFor(frozen);
    await createEndpointFor(frozen, frozenApplication.client_id, hanging.url, ['link.code_issued']);
    const quietApplication = await createApplicationFor(quiet);
    await createEndpointFor(quiet, quietApplication.client_id, receiver.url('/ok/quiet'), [
      'link.code_issued',
    ]);
    const log = createLogCapture().logger;
    const module = webhookJobs({ db: t.db, config: t.config, clock: t.clock, timeoutMs: HANGING_TIMEOUT_MS });
    jobs = await startJobs(t.handle, [module], log);

    await t.db.transaction().execute(async (trx) => {
      for (let n = 0; n < HANGING_EVENTS; n += 1) {
        await emitEvent(
          trx,
          { companyId: frozen.companyId, type: 'link.code_issued', data: { n } },
          t.clock(),
        );
      }
    });
    // The frozen company's receivers hold their requests: its share of the slots is taken.
    await waitFor(() => hanging.requests() >= 5, 60_000);
    expect(hanging.requests()).toBe(5);

    await emitEvent(t.db, { companyId: quiet.companyId, type: 'link.code_issued', data: {} }, t.clock());
    await waitFor(() => receiver.received.length > 0, 60_000);
    expect(receiver.received.map((request) => request.path)).toEqual(['/ok/quiet']);
    // Delivered while every request of the frozen company still hangs, and it never took more slots.
    expect(hanging.open()).toBe(5);
    expect(hanging.requests()).toBe(5);
    // None of its deliveries is lost or failed for waiting: all pending, five of them being attempted.
    const frozenDeliveries = await withWebhookTables(t.db)
      .selectFrom('webhook_deliveries')
      .select(['status', 'next_attempt_at'])
      .where('company_id', '=', frozen.companyId)
      .execute();
    expect(frozenDeliveries).toHaveLength(HANGING_EVENTS);
    expect(frozenDeliveries.every((delivery) => delivery.status === 'pending')).toBe(true);
    const claimed = frozenDeliveries.filter(
      (delivery) => delivery.next_attempt_at && new Date(delivery.next_attempt_at) > t.clock(),
    );
    expect(claimed).toHaveLength(5);
  });
});
