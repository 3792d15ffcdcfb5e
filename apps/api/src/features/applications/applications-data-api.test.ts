import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createApplicationFor, getToken, requestToken } from '../data-api/data-api-fixtures';
import { signInTenant } from '../wealth/wealth-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ROTATE = '/api/v1/application/rotate-secret';

function rotate(token: string, body?: object) {
  return t.app.inject({
    method: 'POST',
    url: ROTATE,
    headers: { authorization: `Bearer ${token}` },
    ...(body ? { payload: body } : {}),
  });
}

/** The rotation as an integrator makes it: its token, and its current secret in the body. */
function rotateWith(
  token: string,
  application: { client_secret: string },
  body: { overlap_hours?: unknown } = {},
) {
  return rotate(token, { client_secret: application.client_secret, ...body });
}

function rotationEvents(companyId: string) {
  return t.db
    .selectFrom('audit_events')
    .select('id')
    .where('company_id', '=', companyId)
    .where('action', '=', 'rotate-application-secret')
    .execute();
}

describe('data API: the application rotates its own secret', { timeout: 60_000 }, () => {
  it('a new secret; the old one gets tokens for the overlap (24 h by default), then not; audited', async () => {
    const tenant = await signInTenant(t);
    const application = await createApplicationFor(tenant);
    const other = await createApplicationFor(tenant);
    const token = await getToken(t, application);
    const response = await rotateWith(token, application);
    expect(response.statusCode).toBe(200);
    const rotated = response.json<{
      client_id: string;
      client_secret: string;
      previous_secret_expires_at: string;
    }>();
    expect(rotated.client_id).toBe(application.client_id);
    expect(rotated.client_secret).toMatch(/^caudal_sk_/);
    expect(rotated.client_secret).not.toBe(application.client_secret);
    expect(rotated.previous_secret_expires_at).toBe(
      new Date(t.clock().getTime() + 24 * 3_600_000).toISOString(),
    );

    const old = { clientId: application.client_id, secret: application.client_secret };
    const next = { clientId: application.client_id, secret: rotated.client_secret };
    t.clock.advanceMinutes(23 * 60);
    expect((await requestToken(t.app, old)).statusCode).toBe(200);
    expect((await requestToken(t.app, next)).statusCode).toBe(200);
    t.clock.advanceMinutes(61);
    expect((await requestToken(t.app, old)).statusCode).toBe(401);
    expect((await requestToken(t.app, next)).statusCode).toBe(200);
    // Only the calling application's secret changed.
    expect(
      (await requestToken(t.app, { clientId: other.client_id, secret: other.client_secret })).statusCode,
    ).toBe(200);

    const audit = await t.db
      .selectFrom('audit_events')
      .select(['action', 'actor_kind', 'actor_id', 'target_application_id'])
      .where('company_id', '=', tenant.companyId)
      .where('action', '=', 'rotate-application-secret')
      .execute();
    expect(audit).toEqual([
      {
        action: 'rotate-application-secret',
        actor_kind: 'application',
        actor_id: application.client_id,
        target_application_id: application.client_id,
      },
    ]);
    // The audit log never holds the secret.
    const logged = await t.db
      .selectFrom('audit_events')
      .selectAll()
      .where('company_id', '=', tenant.companyId)
      .execute();
    expect(JSON.stringify(logged)).not.toContain(rotated.client_secret);
  });

  it('overlap 0 ends the old secret now; a bad overlap is a 400 that changes nothing', async () => {
    const tenant = await signInTenant(t);
    const application = await createApplicationFor(tenant);
    const token = await getToken(t, application);
    for (const overlap of [-1, 169, 1.5, 'soon']) {
      const refused = await rotateWith(token, application, { overlap_hours: overlap });
      expect(refused.statusCode, String(overlap)).toBe(400);
      expect(refused.json().error.code).toBe('ValidationError');
    }
    const old = { clientId: application.client_id, secret: application.client_secret };
    expect((await requestToken(t.app, old)).statusCode).toBe(200);
    const response = await rotateWith(token, application, { overlap_hours: 0 });
    expect(response.statusCode).toBe(200);
    expect(response.json().previous_secret_expires_at).toBeNull();
    expect((await requestToken(t.app, old)).statusCode).toBe(401);
    expect(
      (await requestToken(t.app, { clientId: application.client_id, secret: response.json().client_secret }))
        .statusCode,
    ).toBe(200);
  });

  it('without a token, or with another company’s token, nothing of this application changes', async () => {
    const tenant = await signInTenant(t);
    const application = await createApplicationFor(tenant);
    expect((await t.app.inject({ method: 'POST', url: ROTATE })).statusCode).toBe(401);
    const stranger = await signInTenant(t);
    const theirs = await createApplicationFor(stranger);
    // Their token with this application's secret: the token names the application, whose secret it is not.
    const crossed = await rotateWith(await getToken(t, theirs), application, { overlap_hours: 0 });
    expect(crossed.statusCode).toBe(401);
    const response = await rotateWith(await getToken(t, theirs), theirs);
    expect(response.json().client_id).toBe(theirs.client_id);
    expect(
      (await requestToken(t.app, { clientId: application.client_id, secret: application.client_secret }))
        .statusCode,
    ).toBe(200);
  });

  it('a leaked token alone, or with a wrong secret, cannot rotate: 401, nothing changes, no event', async () => {
    const tenant = await signInTenant(t);
    const application = await createApplicationFor(tenant);
    const token = await getToken(t, application);
    const old = { clientId: application.client_id, secret: application.client_secret };
    const other = await createApplicationFor(tenant);
    const attempts: object[] = [
      { overlap_hours: 0 },
      {},
      { client_secret: '', overlap_hours: 0 },
      { client_secret: `${application.client_secret}x`, overlap_hours: 0 },
      { client_secret: 'caudal_sk_wrong', overlap_hours: 0 },
      // Another application's secret (same company) proves nothing about this one.
      { client_secret: other.client_secret, overlap_hours: 0 },
    ];
    for (const body of attempts) {
      const refused = await rotate(token, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(401);
      expect(refused.json()).toEqual({ error: { code: 'Unauthorized', message: expect.any(String) } });
      expect(refused.body).not.toContain('caudal_sk_');
    }
    // Without any body at all, too.
    expect((await rotate(token)).statusCode).toBe(401);
    // The owner's secret still works, and no rotation was recorded.
    expect((await requestToken(t.app, old)).statusCode).toBe(200);
    expect(await rotationEvents(tenant.companyId)).toEqual([]);
    const row = await t.db
      .selectFrom('applications')
      .select(['secret_rotated_at', 'previous_secret_hash'])
      .where('client_id', '=', application.client_id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ secret_rotated_at: null, previous_secret_hash: null });

    // With the current secret it rotates, and the new secret works.
    const response = await rotateWith(token, application, { overlap_hours: 0 });
    expect(response.statusCode).toBe(200);
    const rotated = response.json<{ client_secret: string }>();
    expect(
      (await requestToken(t.app, { clientId: application.client_id, secret: rotated.client_secret }))
        .statusCode,
    ).toBe(200);
    expect((await requestToken(t.app, old)).statusCode).toBe(401);
    expect(await rotationEvents(tenant.companyId)).toHaveLength(1);
  });

  it('only the current secret rotates: the one still overlapping (and retiring) does not', async () => {
    const tenant = await signInTenant(t);
    const application = await createApplicationFor(tenant);
    const token = await getToken(t, application);
    const first = await rotateWith(token, application, { overlap_hours: 24 });
    expect(first.statusCode).toBe(200);
    const next = { client_secret: first.json<{ client_secret: string }>().client_secret };
    // The retiring secret still gets tokens during the overlap, but cannot rotate (nor end the overlap).
    const retiringToken = await getToken(t, application);
    const refused = await rotateWith(retiringToken, application, { overlap_hours: 0 });
    expect(refused.statusCode).toBe(401);
    expect(
      (await requestToken(t.app, { clientId: application.client_id, secret: next.client_secret })).statusCode,
    ).toBe(200);
    expect(await rotationEvents(tenant.companyId)).toHaveLength(1);
    // The current one does, whichever token names the application.
    expect((await rotateWith(retiringToken, next, { overlap_hours: 0 })).statusCode).toBe(200);
    expect(await rotationEvents(tenant.companyId)).toHaveLength(2);
  });
});
