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
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
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
  it('holds a share of the slots, per endpoint too: its healthy endpoint and another company deliver at once', async () => {
    const frozen = await signInTenant(t);
    const quiet = await signInTenant(t);
    const frozenApplication = await createApplicationFor(frozen);
    for (const path of ['/hang/one', '/hang/two']) {
      await createEndpointFor(frozen, frozenApplication.client_id, hanging.url(path), ['link.code_issued']);
    }
    await createEndpointFor(frozen, frozenApplication.client_id, receiver.url('/ok/frozen'), [
      'link.code_issued',
    ]);
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
    const receivedAt = (path: string) => receiver.received.filter((request) => request.path === path);
    // Each broken endpoint holds its share of requests; the company's healthy endpoint gets all of its.
    await waitFor(() => hanging.requests() >= 6 && receivedAt('/ok/frozen').length >= HANGING_EVENTS, 60_000);
    expect(receivedAt('/ok/frozen')).toHaveLength(HANGING_EVENTS);
    expect(hanging.requests()).toBe(6);

    await emitEvent(t.db, { companyId: quiet.companyId, type: 'link.code_issued', data: {} }, t.clock());
    await waitFor(() => receivedAt('/ok/quiet').length > 0, 60_000);
    expect(receivedAt('/ok/quiet')).toHaveLength(1);
    // Delivered while every request to the broken endpoints still hangs, and they never took more.
    expect(hanging.open()).toBe(6);
    expect(hanging.requests()).toBe(6);
    // None of the broken endpoints' deliveries is lost or failed for waiting: all pending, six claimed.
    const waiting = await withWebhookTables(t.db)
      .selectFrom('webhook_deliveries')
      .select(['status', 'next_attempt_at'])
      .where('company_id', '=', frozen.companyId)
      .where('status', '!=', 'delivered')
      .execute();
    expect(waiting).toHaveLength(2 * HANGING_EVENTS);
    expect(waiting.every((delivery) => delivery.status === 'pending')).toBe(true);
    const claimed = waiting.filter(
      (delivery) => delivery.next_attempt_at && new Date(delivery.next_attempt_at) > t.clock(),
    );
    expect(claimed).toHaveLength(6);
  });
});
