import { applications } from '@caudal/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createApplicationFor, dataGet, getToken } from '../data-api/data-api-fixtures';
import { type SignedInTenant, signInTenant } from '../wealth/wealth-fixtures';

let t: TestApp;
let tenant: SignedInTenant;
beforeAll(async () => {
  t = await createTestApp();
});
// Signed in per test: the clock moves a day within one, past a portal session's life.
beforeEach(async () => {
  tenant = await signInTenant(t);
});
afterAll(() => t.close());

/** Staff rotate the secret from the portal; the answer holds the new one. */
async function rotate(clientId: string, overlapHours: number) {
  const response = await tenant.call(applications.rotateApplicationSecret.path, {
    client_id: clientId,
    overlap_hours: overlapHours,
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ client_secret: string }>().client_secret;
}

const readClients = async (token: string) => (await dataGet(t.app, token, '/api/v1/clients')).statusCode;

describe('a data-API token lives no longer than the secret it was minted from', () => {
  it('overlap 0 ends the retired secret’s tokens at once; the current secret’s keep working', async () => {
    const application = await createApplicationFor(tenant);
    const other = await createApplicationFor(tenant);
    const fromOther = await getToken(t, other);
    const fromFirst = await getToken(t, application);
    const second = await rotate(application.client_id, 24);
    const fromSecond = await getToken(t, { client_id: application.client_id, client_secret: second });
    const third = await rotate(application.client_id, 0);
    const fromThird = await getToken(t, { client_id: application.client_id, client_secret: third });

    // The leaked-secret case: neither earlier secret's tokens read anything more, though not expired.
    const refused = await dataGet(t.app, fromFirst, '/api/v1/clients');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('Unauthorized');
    expect(refused.headers['www-authenticate']).toMatch(/error="invalid_token"/);
    expect(await readClients(fromSecond)).toBe(401);
    expect(await readClients(fromThird)).toBe(200);
    // Only this application's secrets were retired.
    expect(await readClients(fromOther)).toBe(200);
  });

  it('with overlap 24 the replaced secret’s tokens work during the overlap and stop when it ends', async () => {
    const application = await createApplicationFor(tenant);
    const fromOld = await getToken(t, application);
    const next = await rotate(application.client_id, 24);
    const fromNext = await getToken(t, { client_id: application.client_id, client_secret: next });
    expect(await readClients(fromOld)).toBe(200);
    // A token minted from the retiring secret late in the overlap dies with the overlap, not 15 min on.
    t.clock.advanceMinutes(24 * 60 - 5);
    const lateFromOld = await getToken(t, application);
    expect(await readClients(lateFromOld)).toBe(200);
    t.clock.advanceMinutes(6);
    expect(await readClients(lateFromOld)).toBe(401);
    const fresh = await getToken(t, { client_id: application.client_id, client_secret: next });
    expect(await readClients(fresh)).toBe(200);
    // The current secret's earlier token simply expired by now, as every token does after 900 s.
    expect(await readClients(fromNext)).toBe(401);
  });
});
