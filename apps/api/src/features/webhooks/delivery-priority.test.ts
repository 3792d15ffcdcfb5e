import { webhooks } from '@caudal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAuditEvents } from '../../test/audit-events';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createApplicationFor } from '../data-api/data-api-fixtures';
import { type SignedInTenant, signInTenant } from '../wealth/wealth-fixtures';
import { REPLAYS_PER_MINUTE } from './replay-delivery';
import { TEST_EVENTS_PER_MINUTE } from './send-test-event';
import { DELIVER_QUEUE } from './webhook-jobs';
import { createEndpointFor, WEBHOOK_TEST_ENV } from './webhooks-fixtures';
import { withWebhookTables } from './webhooks-tables';

/**
 * Deliveries sent outside the dispatcher (a test event, a replay) take their company's turn in the job
 * queue, and a company cannot flood the delivery workers with them: a tester saw one company's 300 test
 * events hold another company's test delivery for 60 s.
 */
const sent: { deliveryId: string; priority: number | undefined }[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: WEBHOOK_TEST_ENV,
    jobs: {
      async send(queue, data, options) {
        if (queue === DELIVER_QUEUE)
          sent.push({ deliveryId: (data as { deliveryId: string }).deliveryId, priority: options?.priority });
        return true;
      },
      async stop() {},
    },
  });
});
afterAll(() => t.close());

async function endpointOf(tenant: SignedInTenant) {
  const application = await createApplicationFor(tenant);
  const { endpoint } = await createEndpointFor(tenant, application.client_id, 'http://127.0.0.1:9/hook');
  return { id: endpoint.id, application: application.client_id };
}

async function countDeliveries(tenant: SignedInTenant) {
  const rows = await withWebhookTables(t.db)
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('company_id', '=', tenant.companyId)
    .execute();
  return rows.length;
}

const priorityOf = (deliveryId: string) => sent.find((job) => job.deliveryId === deliveryId)?.priority;

describe('test events and replays: in their company’s turn, and capped', () => {
  it('ranks each behind its own company’s pending deliveries only; the cap refuses the flood', async () => {
    const flooding = await signInTenant(t);
    const quiet = await signInTenant(t);
    const { id: floodingEndpoint, application: floodingApplication } = await endpointOf(flooding);
    const { id: quietEndpoint } = await endpointOf(quiet);

    const flood: string[] = [];
    for (let n = 0; n < TEST_EVENTS_PER_MINUTE; n += 1) {
      const response = await flooding.call(webhooks.sendTestEvent.path, { id: floodingEndpoint });
      expect(response.statusCode).toBe(200);
      flood.push(webhooks.sendTestEvent.response.parse(response.json()).id);
    }
    // Nothing was delivered (no workers): each waits behind the ones its company queued before.
    expect(flood.map(priorityOf)).toEqual(flood.map((_id, rank) => 0 - rank));

    const refused = await flooding.call(webhooks.sendTestEvent.path, { id: floodingEndpoint });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RateLimited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await countDeliveries(flooding)).toBe(TEST_EVENTS_PER_MINUTE);
    // Each accepted test event is audited naming the endpoint's application; the refused one is not.
    const audited = await findAuditEvents(t.db, flooding.companyId, 'send-test-event');
    expect(audited).toHaveLength(TEST_EVENTS_PER_MINUTE);
    expect(new Set(audited.map((event) => event.target_application_id))).toEqual(
      new Set([floodingApplication]),
    );

    // The other company is neither capped nor ranked behind the flood: its test goes first.
    const answer = await quiet.call(webhooks.sendTestEvent.path, { id: quietEndpoint });
    expect(answer.statusCode).toBe(200);
    const quietTest = webhooks.sendTestEvent.response.parse(answer.json()).id;
    expect(priorityOf(quietTest)).toBe(0);

    // A replay ranks the same way: behind the quiet company's one pending test, not behind the flood.
    const replayed = await quiet.call(webhooks.replayDelivery.path, { delivery_id: quietTest });
    expect(replayed.statusCode).toBe(200);
    expect(sent.filter((job) => job.deliveryId === quietTest).map((job) => job.priority)).toEqual([0, 0]);
  });

  it('caps a company’s replays a minute; another company replays meanwhile', async () => {
    const looping = await signInTenant(t);
    const other = await signInTenant(t);
    const { id: loopingEndpoint } = await endpointOf(looping);
    const { id: otherEndpoint } = await endpointOf(other);
    const delivery = webhooks.sendTestEvent.response.parse(
      (await looping.call(webhooks.sendTestEvent.path, { id: loopingEndpoint })).json(),
    );
    for (let n = 0; n < REPLAYS_PER_MINUTE; n += 1) {
      expect(
        (await looping.call(webhooks.replayDelivery.path, { delivery_id: delivery.id })).statusCode,
      ).toBe(200);
    }
    const refused = await looping.call(webhooks.replayDelivery.path, { delivery_id: delivery.id });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RateLimited');
    // The refused replay wrote no audit event.
    expect(await findAuditEvents(t.db, looping.companyId, 'replay-delivery')).toHaveLength(
      REPLAYS_PER_MINUTE,
    );
    const theirs = webhooks.sendTestEvent.response.parse(
      (await other.call(webhooks.sendTestEvent.path, { id: otherEndpoint })).json(),
    );
    expect((await other.call(webhooks.replayDelivery.path, { delivery_id: theirs.id })).statusCode).toBe(200);
    // A minute on, the company may replay again.
    t.clock.advanceSeconds(61);
    expect((await looping.call(webhooks.replayDelivery.path, { delivery_id: delivery.id })).statusCode).toBe(
      200,
    );
  });
});
