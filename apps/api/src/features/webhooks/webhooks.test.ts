import { applications, webhooks } from '@caudal/contract';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAuditEvents } from '../../test/audit-events';
import { createTestApp, type TestApp } from '../../test/test-app';
import { connect, signInAgain } from '../connections/connections-fixtures';
import { createApplicationFor, dataGet, getToken, requestToken } from '../data-api/data-api-fixtures';
import { type SignedInTenant, signInTenant } from '../wealth/wealth-fixtures';
import { attemptDelivery } from './attempt-delivery';
import { dispatchEvents } from './dispatch-events';
import { activeSecrets } from './webhook-secrets';
import { attemptDepsFor, createEndpointFor, startReceiver, WEBHOOK_TEST_ENV } from './webhooks-fixtures';
import { withWebhookTables } from './webhooks-tables';

let t: TestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  t = await createTestApp({ env: WEBHOOK_TEST_ENV });
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

async function deliveryRow(id: string) {
  return withWebhookTables(t.db)
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

async function dispatchIds() {
  return (await dispatchEvents(t.db, t.clock())).deliveries.map((delivery) => delivery.id);
}

async function sendTest(tenant: SignedInTenant, endpointId: string) {
  const response = await tenant.call(webhooks.sendTestEvent.path, { id: endpointId });
  expect(response.statusCode).toBe(200);
  return webhooks.sendTestEvent.response.parse(response.json());
}

describe('webhook delivery', { timeout: 60_000 }, () => {
  it('delivers an event signed per Standard Webhooks; the library’s own verify accepts it', async () => {
    const tenant = await signInTenant(t);
    const application = await createApplicationFor(tenant);
    const { endpoint, secret } = await createEndpointFor(
      tenant,
      application.client_id,
      receiver.url('/ok/signed'),
    );
    expect(secret).toMatch(/^whsec_/);
    // The secret is never listed again, and kept sealed.
    const listed = await tenant.call(webhooks.listEndpoints.path, { client_id: application.client_id });
    expect(listed.body).not.toContain(secret);
    const row = await withWebhookTables(t.db)
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('id', '=', endpoint.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_sealed).not.toContain(secret.slice(6));

    const { credentialsToken } = await connect(t, tenant);
    const ids = await dispatchIds();
    expect(ids).toHaveLength(1);
    const result = await attemptDelivery(
      await attemptDepsFor(t, t.clock, () => new Date()),
      ids[0] as string,
    );
    expect(result.kind).toBe('delivered');
    const got = receiver.received.filter((request) => request.path === '/ok/signed');
    expect(got).toHaveLength(1);
    const request = got[0] as (typeof got)[number];
    const payload = new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as {
      id: string;
      type: string;
      data: Record<string, unknown>;
    };
    expect(payload.type).toBe('credentials.created');
    expect(payload.data).toEqual({ credentials_token: credentialsToken, bank: 'santander', client_id: null });
    expect(request.headers['webhook-id']).toBe(payload.id);
    // Another secret does not verify it.
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(
        request.body,
        request.headers as Record<string, string>,
      ),
    ).toThrow();
    // The same event is never fanned out twice.
    expect(await dispatchIds()).toEqual([]);
  });

  it('sends nothing for a company turned off or without the applications module, and attempts nothing', async () => {
    const tenant = await signInTenant(t);
    const application = await createApplicationFor(tenant);
    const { endpoint } = await createEndpointFor(
      tenant,
      application.client_id,
      receiver.url('/ok/company-off'),
    );
    const inFlight = await sendTest(tenant, endpoint.id);
    // The operator turns the company off while a delivery waits for its attempt.
    await t.db
      .updateTable('companies')
      .set({ disabled_at: t.clock() })
      .where('id', '=', tenant.companyId)
      .execute();
    const result = await attemptDelivery(await attemptDepsFor(t, t.clock), inFlight.id);
    expect(result).toEqual({ kind: 'failed', isEndpointPaused: false, mailIds: [] });
    expect(receiver.received.filter((request) => request.path === '/ok/company-off')).toEqual([]);
    const attempts = await withWebhookTables(t.db)
      .selectFrom('webhook_attempts')
      .select('id')
      .where('delivery_id', '=', inFlight.id)
      .execute();
    expect(attempts).toEqual([]);

    // On again, but without the applications module: a new event fans out to no endpoint.
    await t.db
      .updateTable('companies')
      .set({ disabled_at: null })
      .where('id', '=', tenant.companyId)
      .execute();
    await connect(t, tenant);
    await t.db
      .updateTable('companies')
      .set({ modules: ['wealth', 'summary'] })
      .where('id', '=', tenant.companyId)
      .execute();
    while ((await dispatchEvents(t.db, t.clock())).eventCount > 0) {
      // Every waiting event of every company, ours included.
    }
    const waiting = await withWebhookTables(t.db)
      .selectFrom('events')
      .select('id')
      .where('company_id', '=', tenant.companyId)
      .where('dispatched_at', 'is', null)
      .execute();
    expect(waiting).toEqual([]);
    const ours = await withWebhookTables(t.db)
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('endpoint_id', '=', endpoint.id)
      .execute();
    expect(ours.map((delivery) => delivery.id)).toEqual([inFlight.id]);
  });

  it('retries with exponential back-off for 24 h, then fails (fake clock)', async () => {
    const tenant = await signInTenant(t);
    const application = await createApplicationFor(tenant);
    const { endpoint } = await createEndpointFor(
      tenant,
      application.client_id,
      receiver.url('/fail/schedule'),
    );
    const delivery = await sendTest(tenant, endpoint.id);
    const deps = await attemptDepsFor(t, t.clock);
    const start = t.clock().getTime();
    const waits: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      const result = await attemptDelivery(deps, delivery.id);
      if (result.kind !== 'retry') {
        expect(result.kind).toBe('failed');
        break;
      }
      // A duplicate job before the next attempt is due finds nothing to do.
      expect((await attemptDelivery(deps, delivery.id)).kind).toBe('skipped');
      waits.push((result.at.getTime() - t.clock().getTime()) / 1000);
      t.clock.advanceSeconds((result.at.getTime() - t.clock().getTime()) / 1000);
    }
    expect(waits.slice(0, 10)).toEqual([30, 60, 120, 240, 480, 960, 1920, 3840, 7680, 14400]);
    expect(Math.max(...waits)).toBe(14400);
    // The last attempt falls at 24 h exactly.
    expect(t.clock().getTime() - start).toBe(24 * 3_600_000);
    const row = await deliveryRow(delivery.id);
    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(waits.length + 1);
    const attempts = await (await signInAgain(t, tenant)).call(webhooks.listAttempts.path, {
      delivery_id: delivery.id,
    });
    const list = webhooks.listAttempts.response.parse(attempts.json());
    expect(list).toHaveLength(row.attempts);
    expect(list[0]).toMatchObject({ status_code: 500, response_excerpt: 'receiver is down' });
  });

  it('a redirect is not followed and counts as a failure', async () => {
    const tenant = await signInTenant(t);
    const application = await createApplicationFor(tenant);
    const { endpoint } = await createEndpointFor(tenant, application.client_id, receiver.url('/redirect'));
    const delivery = await sendTest(tenant, endpoint.id);
    const result = await attemptDelivery(await attemptDepsFor(t, t.clock), delivery.id);
    expect(result.kind).toBe('retry');
    expect(receiver.received.filter((request) => request.path === '/elsewhere')).toEqual([]);
    const attempts = webhooks.listAttempts.response.parse(
      (await tenant.call(webhooks.listAttempts.path, { delivery_id: delivery.id })).json(),
    );
    expect(attempts[0]).toMatchObject({ status_code: 302, error: 'redirect' });
  });

  it('records an answer holding a NUL byte (it was never recorded, and the delivery sent again for ever)', async () => {
    const tenant = await signInTenant(t);
    const application = await createApplicationFor(tenant);
    const { endpoint } = await createEndpointFor(tenant, application.client_id, receiver.url('/nul'));
    const delivery = await sendTest(tenant, endpoint.id);
    const result = await attemptDelivery(await attemptDepsFor(t, t.clock), delivery.id);
    expect(result.kind).toBe('delivered');
    expect(await deliveryRow(delivery.id)).toMatchObject({ status: 'delivered', attempts: 1 });
    const attempts = webhooks.listAttempts.response.parse(
      (await tenant.call(webhooks.listAttempts.path, { delivery_id: delivery.id })).json(),
    );
    expect(attempts).toMatchObject([{ status_code: 200, response_excerpt: 'ok\uFFFDnul' }]);
  });

  it('replays a failed delivery with the same webhook-id and body', async () => {
    const tenant = await signInTenant(t);
    const application = await createApplicationFor(tenant);
    const { endpoint, secret } = await createEndpointFor(
      tenant,
      application.client_id,
      receiver.url('/fail/replay'),
    );
    const delivery = await sendTest(tenant, endpoint.id);
    const deps = await attemptDepsFor(t, t.clock, () => new Date());
    expect((await attemptDelivery(deps, delivery.id)).kind).toBe('retry');
    await withWebhookTables(t.db)
      .updateTable('webhook_deliveries')
      .set({ status: 'failed', next_attempt_at: null })
      .where('id', '=', delivery.id)
      .execute();
    const first = receiver.received.filter((request) => request.path === '/fail/replay')[0];

    const moved = await tenant.call(webhooks.updateEndpoint.path, {
      id: endpoint.id,
      url: receiver.url('/ok/replay'),
    });
    expect(moved.statusCode).toBe(200);
    const replayed = await tenant.call(webhooks.replayDelivery.path, { delivery_id: delivery.id });
    expect(replayed.json()).toMatchObject({ status: 'pending', event_id: delivery.event_id });
    expect((await attemptDelivery(deps, delivery.id)).kind).toBe('delivered');
    const again = receiver.received.filter((request) => request.path === '/ok/replay');
    expect(again).toHaveLength(1);
    expect(again[0]?.headers['webhook-id']).toBe(delivery.event_id);
    expect(again[0]?.headers['webhook-id']).toBe(first?.headers['webhook-id']);
    expect(again[0]?.body).toBe(first?.body);
    expect(JSON.parse(again[0]?.body ?? '{}')).toMatchObject({ type: 'webhook.test', id: delivery.event_id });
    expect(secret).toMatch(/^whsec_/);
  });

  it('pauses an endpoint failing for 3 days and mails the company’s admins', async () => {
    const tenant = await signInTenant(t);
    const application = await createApplicationFor(tenant);
    const { endpoint } = await createEndpointFor(tenant, application.client_id, receiver.url('/fail/pause'));
    const deps = await attemptDepsFor(t, t.clock);
    const first = await sendTest(tenant, endpoint.id);
    expect((await attemptDelivery(deps, first.id)).kind).toBe('retry');
    t.clock.advanceMinutes(3 * 24 * 60 - 1);
    const later = await signInAgain(t, tenant);
    const second = await sendTest(later, endpoint.id);
    expect((await attemptDelivery(deps, second.id)).kind).toBe('retry');
    t.clock.advanceMinutes(1);
    const third = await sendTest(later, endpoint.id);
    const result = await attemptDelivery(deps, third.id);
    expect(result).toMatchObject({ kind: 'failed', isEndpointPaused: true });
    const listed = webhooks.listEndpoints.response.parse(
      (await later.call(webhooks.listEndpoints.path, { client_id: application.client_id })).json(),
    );
    expect(listed[0]).toMatchObject({ enabled: false, paused_reason: 'failing' });
    const mails = await t.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'body_text'])
      .where('company_id', '=', tenant.companyId)
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.body_text).toContain(receiver.url('/fail/pause'));
    // Nothing more goes to a paused endpoint; resuming clears its failure count.
    expect(await (await deliveryRow(second.id)).status).toBe('failed');
    const resumed = await later.call(webhooks.updateEndpoint.path, { id: endpoint.id, enabled: true });
    expect(resumed.json()).toMatchObject({ enabled: true, paused_reason: null, failing_since: null });
  });

  it('an edit is audited with what it replaced, read locked in its transaction; two edits at once each record theirs', async () => {
    const tenant = await signInTenant(t);
    const application = await createApplicationFor(tenant);
    const { endpoint } = await createEndpointFor(tenant, application.client_id, receiver.url('/ok/edit-0'));
    const [first, second] = await Promise.all(
      ['/ok/edit-1', '/ok/edit-2'].map((path) =>
        tenant.call(webhooks.updateEndpoint.path, { id: endpoint.id, url: receiver.url(path) }),
      ),
    );
    expect([first?.statusCode, second?.statusCode]).toEqual([200, 200]);
    const edits = await findAuditEvents(t.db, tenant.companyId, 'update-endpoint');
    const urls = edits.map((event) => (event.changes as { url: { old: string; new: string } }).url);
    // A chain: each edit's old URL is the one before it, never both the original.
    expect(urls[0]?.old).toBe(receiver.url('/ok/edit-0'));
    expect(urls[1]?.old).toBe(urls[0]?.new);
    expect(edits.every((event) => event.target_application_id === application.client_id)).toBe(true);
  });

  it('a rotated secret keeps signing for its overlap: both signatures verify, then only the new one', async () => {
    const tenant = await signInTenant(t);
    const application = await createApplicationFor(tenant);
    const created = await createEndpointFor(tenant, application.client_id, receiver.url('/ok/rotate'));
    const rotated = await tenant.call(webhooks.rotateEndpointSecret.path, { id: created.endpoint.id });
    expect(rotated.statusCode).toBe(200);
    const { endpoint, secret } = webhooks.rotateEndpointSecret.response.parse(rotated.json());
    expect(secret).not.toBe(created.secret);
    // Its event names the application, noted before the rotation it commits with (decision 0062).
    const rotations = await findAuditEvents(t.db, tenant.companyId, 'rotate-endpoint-secret');
    expect(
      rotations.map(({ target_application_id, actor_id }) => ({ target_application_id, actor_id })),
    ).toEqual([{ target_application_id: application.client_id, actor_id: tenant.user.id }]);
    expect(new Date(endpoint.previous_secret_expires_at ?? 0).getTime()).toBe(
      t.clock().getTime() + 24 * 3_600_000,
    );
    const delivery = await sendTest(tenant, endpoint.id);
    expect(
      (await attemptDelivery(await attemptDepsFor(t, t.clock, () => new Date()), delivery.id)).kind,
    ).toBe('delivered');
    const request = receiver.received.filter((entry) => entry.path === '/ok/rotate')[0];
    const headers = request?.headers as Record<string, string>;
    expect(headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(() => new Webhook(created.secret).verify(request?.body ?? '', headers)).not.toThrow();
    expect(() => new Webhook(secret).verify(request?.body ?? '', headers)).not.toThrow();

    const row = await withWebhookTables(t.db)
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('id', '=', endpoint.id)
      .executeTakeFirstOrThrow();
    const key = (await attemptDepsFor(t, t.clock)).key;
    expect(activeSecrets(key, row, new Date(t.clock().getTime() + 24 * 3_600_000 - 1000))).toEqual([
      secret,
      created.secret,
    ]);
    expect(activeSecrets(key, row, new Date(t.clock().getTime() + 24 * 3_600_000))).toEqual([secret]);
  });

  it('refuses https-less or private URLs when the development settings are off', async () => {
    const strict = await createTestApp();
    try {
      const tenant = await signInTenant(strict);
      const application = await createApplicationFor(tenant);
      for (const url of [
        'http://hooks.example.com/in',
        'https://127.0.0.1/in',
        'https://10.0.0.1/in',
        'https://169.254.169.254/',
      ]) {
        const response = await tenant.call(webhooks.createEndpoint.path, {
          client_id: application.client_id,
          url,
          event_types: ['export.ready'],
        });
        expect(response.statusCode, url).toBe(422);
        expect(response.json().error.code).toBe('WebhookUrlRefused');
      }
      const ok = await tenant.call(webhooks.createEndpoint.path, {
        client_id: application.client_id,
        url: 'https://hooks.example.com/in',
        event_types: ['export.ready'],
      });
      expect(ok.statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

describe('tenants never see each other’s webhooks', { timeout: 60_000 }, () => {
  it('endpoints, deliveries, attempts and events of another company are not found', async () => {
    const a = await signInTenant(t);
    const b = await signInTenant(t);
    const appA = await createApplicationFor(a);
    const appB = await createApplicationFor(b);
    const { endpoint } = await createEndpointFor(a, appA.client_id, receiver.url('/ok/a'));
    await createEndpointFor(b, appB.client_id, receiver.url('/ok/b'), [
      'credentials.created',
      'link.code_issued',
      'export.ready',
    ]);
    const delivery = await sendTest(a, endpoint.id);
    await connect(t, a);
    const ids = await dispatchIds();
    const rows = await withWebhookTables(t.db)
      .selectFrom('webhook_deliveries')
      .select('company_id')
      .where('id', 'in', ids)
      .execute();
    expect(rows.every((row) => row.company_id === a.companyId)).toBe(true);

    const refused = [
      await b.call(webhooks.listEndpoints.path, { client_id: appA.client_id }),
      await b.call(webhooks.listDeliveries.path, { endpoint_id: endpoint.id }),
      await b.call(webhooks.listAttempts.path, { delivery_id: delivery.id }),
      await b.call(webhooks.replayDelivery.path, { delivery_id: delivery.id }),
      await b.call(webhooks.sendTestEvent.path, { id: endpoint.id }),
      await b.call(webhooks.updateEndpoint.path, { id: endpoint.id, enabled: false }),
      await b.call(webhooks.rotateEndpointSecret.path, { id: endpoint.id }),
      await b.call(webhooks.deleteEndpoint.path, { id: endpoint.id }),
      await b.call(webhooks.createEndpoint.path, {
        client_id: appA.client_id,
        url: receiver.url('/x'),
        event_types: ['export.ready'],
      }),
    ];
    expect(refused.map((response) => response.statusCode)).toEqual(refused.map(() => 404));
    const stillThere = await a.call(webhooks.listDeliveries.path, { endpoint_id: endpoint.id });
    expect(webhooks.listDeliveries.response.parse(stillThere.json()).items.map((item) => item.id)).toContain(
      delivery.id,
    );

    t.clock.advanceMinutes(1);
    const feedB = await dataGet(t.app, await getToken(t, appB), '/api/v1/events');
    expect(feedB.statusCode).toBe(200);
    expect(feedB.json().items).toEqual([]);
    const feedA = await dataGet(t.app, await getToken(t, appA), '/api/v1/events');
    expect(feedA.json().items.map((item: { type: string }) => item.type)).toEqual(['credentials.created']);
  });
});

describe('data API: events feed, refresh on demand, application secret rotation', { timeout: 60_000 }, () => {
  it('pages the company’s events oldest first by cursor, holding back the last 15 s', async () => {
    const tenant = await signInTenant(t);
    const application = await createApplicationFor(tenant);
    for (let i = 0; i < 3; i += 1) {
      await connect(t, tenant, { username: `demo-ok-${i}` });
      t.clock.advanceSeconds(1);
    }
    const token = await getToken(t, application);
    expect((await dataGet(t.app, token, '/api/v1/events')).json().items).toHaveLength(0);
    t.clock.advanceSeconds(15);
    const first = (await dataGet(t.app, token, '/api/v1/events?limit=2')).json();
    expect(first.items).toHaveLength(2);
    expect(first.has_more).toBe(true);
    const second = (await dataGet(t.app, token, `/api/v1/events?limit=2&cursor=${first.next_cursor}`)).json();
    expect(second.items).toHaveLength(1);
    expect(second.has_more).toBe(false);
    const all = [...first.items, ...second.items];
    expect(new Set(all.map((item: { id: string }) => item.id)).size).toBe(3);
    const times = all.map((item: { timestamp: string }) => item.timestamp);
    expect([...times].sort()).toEqual(times);
    // Caught up: the cursor stays where it was.
    const empty = (await dataGet(t.app, token, `/api/v1/events?cursor=${second.next_cursor}`)).json();
    expect(empty).toEqual({ items: [], next_cursor: second.next_cursor, has_more: false });
    expect((await dataGet(t.app, token, '/api/v1/events?cursor=nonsense')).statusCode).toBe(400);
  });

  it('queues a refresh (202), audited under the application; an unknown credential is 404', async () => {
    const tenant = await signInTenant(t);
    const application = await createApplicationFor(tenant);
    const { credentialsToken } = await connect(t, tenant);
    const token = await getToken(t, application);
    const post = (path: string) =>
      t.app.inject({ method: 'POST', url: path, headers: { authorization: `Bearer ${token}` } });
    const response = await post(`/api/v1/credentials/${credentialsToken}/refresh`);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ credentials_token: credentialsToken, status: 'queued' });
    expect((await post('/api/v1/credentials/unknown-token/refresh')).statusCode).toBe(404);
    const audit = await t.db
      .selectFrom('audit_events')
      .select(['action', 'actor_kind', 'actor_id'])
      .where('company_id', '=', tenant.companyId)
      .where('action', '=', 'credentials-refresh')
      .execute();
    expect(audit).toEqual([
      { action: 'credentials-refresh', actor_kind: 'application', actor_id: application.client_id },
    ]);
  });

  it('data API: refuses to refresh a credential whose consent has expired (409 ConsentExpired), audits no refresh', async () => {
    const tenant = await signInTenant(t);
    const application = await createApplicationFor(tenant);
    const { credentialsToken } = await connect(t, tenant);
    await t.db
      .updateTable('credentials')
      .set({ consent_expires_at: new Date(t.clock().getTime() - 60_000) })
      .where('token', '=', credentialsToken)
      .execute();
    const token = await getToken(t, application);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/credentials/${credentialsToken}/refresh`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('ConsentExpired');
    expect(await findAuditEvents(t.db, tenant.companyId, 'credentials-refresh')).toEqual([]);
  });

  it('a rotated application secret keeps working for its overlap; each secret’s last use is shown', async () => {
    const tenant = await signInTenant(t);
    const application = await createApplicationFor(tenant);
    await getToken(t, application);
    const rotated = await tenant.call(applications.rotateApplicationSecret.path, {
      client_id: application.client_id,
    });
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json<{ client_secret: string; previous_secret_expires_at: string }>();
    expect(fresh.client_secret).not.toBe(application.client_secret);
    const old = { clientId: application.client_id, secret: application.client_secret };
    const next = { clientId: application.client_id, secret: fresh.client_secret };
    t.clock.advanceMinutes(5);
    expect((await requestToken(t.app, old)).statusCode).toBe(200);
    expect((await requestToken(t.app, next)).statusCode).toBe(200);
    const listed = applications.listApplications.response.parse(
      (await tenant.call(applications.listApplications.path, {})).json(),
    );
    const mine = listed.find((entry) => entry.client_id === application.client_id);
    expect(mine).toMatchObject({
      secret_last_used_at: t.clock().toISOString(),
      previous_secret_last_used_at: t.clock().toISOString(),
      previous_secret_expires_at: fresh.previous_secret_expires_at,
    });
    t.clock.advanceMinutes(24 * 60);
    expect((await requestToken(t.app, old)).statusCode).toBe(401);
    expect((await requestToken(t.app, next)).statusCode).toBe(200);
    // Rotating with no overlap ends the old secret at once.
    const again = await (await signInAgain(t, tenant)).call(applications.rotateApplicationSecret.path, {
      client_id: application.client_id,
      overlap_hours: 0,
    });
    expect((await requestToken(t.app, next)).statusCode).toBe(401);
    expect(
      (await requestToken(t.app, { clientId: application.client_id, secret: again.json().client_secret }))
        .statusCode,
    ).toBe(200);
  });
});
