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

describe('data API: the application rotates its own secret', { timeout: 60_000 }, () => {
  it('a new secret; the old one gets tokens for the overlap (24 h by default), then not; audited', async () => {
    const tenant = await signInTenant(t);
    const application = await createApplicationFor(tenant);
    const other = await createApplicationFor(tenant);
    const token = await getToken(t, application);
    const response = await rotate(token);
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
      const refused = await rotate(token, { overlap_hours: overlap });
      expect(refused.statusCode, String(overlap)).toBe(400);
      expect(refused.json().error.code).toBe('ValidationError');
    }
    const old = { clientId: application.client_id, secret: application.client_secret };
    expect((await requestToken(t.app, old)).statusCode).toBe(200);
    const response = await rotate(token, { overlap_hours: 0 });
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
    const response = await rotate(await getToken(t, theirs));
    expect(response.json().client_id).toBe(theirs.client_id);
    expect(
      (await requestToken(t.app, { clientId: application.client_id, secret: application.client_secret }))
        .statusCode,
    ).toBe(200);
  });
});
