import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInTenant } from '../wealth/wealth-fixtures';
import { createApplicationFor, requestToken } from './data-api-fixtures';
import { clientFailures, FAILURES_PER_CLIENT } from './token-rate-limits';

type Credentials = { client_id: string; client_secret: string };

let t: TestApp;
let companyA: Credentials;
let companyB: Credentials;
let addressCount = 0;
beforeAll(async () => {
  t = await createTestApp();
  companyA = await createApplicationFor(await signInTenant(t), 'ERP A');
  companyB = await createApplicationFor(await signInTenant(t), 'ERP B');
});
afterAll(() => t.close());

/** A fresh documentation address (RFC 5737) for each test, so their counters never meet. */
function newAddress() {
  addressCount += 1;
  return `198.51.100.${addressCount}`;
}

const valid = (application: Credentials) => ({
  clientId: application.client_id,
  secret: application.client_secret,
});
const wrongSecret = (application: Credentials) => ({
  clientId: application.client_id,
  secret: `${application.client_secret.slice(0, -2)}zz`,
});

async function statusesOf(count: number, send: () => ReturnType<typeof requestToken>) {
  const statuses: number[] = [];
  for (let index = 0; index < count; index += 1) statuses.push((await send()).statusCode);
  return statuses;
}

function expectTooMany(response: Awaited<ReturnType<typeof requestToken>>) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({
    error: 'temporarily_unavailable',
    error_description: expect.any(String),
  });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

describe('token endpoint limits per address and company', () => {
  it('the attack: A’s failures from one address do not stop B’s valid request from it, and A stays limited', async () => {
    const shared = newAddress();
    const statuses = await statusesOf(70, () =>
      requestToken(t.app, wrongSecret(companyA), { remoteAddress: shared }),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(60);
    expect(statuses.slice(60)).toEqual(Array(10).fill(429));

    // A is still limited on that address, even with its right secret…
    expectTooMany(await requestToken(t.app, valid(companyA), { remoteAddress: shared }));
    // …while B, another company behind the same egress, gets its token.
    expect((await requestToken(t.app, valid(companyB), { remoteAddress: shared })).statusCode).toBe(200);
    // So does A from its own address: the limit is the address's, not the client's everywhere.
    expect((await requestToken(t.app, valid(companyA), { remoteAddress: newAddress() })).statusCode).toBe(
      200,
    );

    t.clock.advanceSeconds(61);
    expect((await requestToken(t.app, valid(companyA), { remoteAddress: shared })).statusCode).toBe(200);
  });

  it('counts unknown client ids on the address alone, apart from any company’s budget', async () => {
    const prober = newAddress();
    const statuses = await statusesOf(61, () =>
      requestToken(
        t.app,
        { clientId: `caudal_ci_${Math.random().toString(16).slice(2)}`, secret: companyA.client_secret },
        { remoteAddress: prober },
      ),
    );
    expect(statuses.slice(0, 60)).toEqual(Array(60).fill(401));
    expect(statuses[60]).toBe(429);
    expectTooMany(
      await requestToken(t.app, { clientId: 'caudal_ci_unknown', secret: 'x' }, { remoteAddress: prober }),
    );
    // Another address may still probe; a real client on the prober's address is not slowed.
    expect(
      (
        await requestToken(
          t.app,
          { clientId: 'caudal_ci_unknown', secret: 'x' },
          { remoteAddress: newAddress() },
        )
      ).statusCode,
    ).toBe(401);
    expect((await requestToken(t.app, valid(companyB), { remoteAddress: prober })).statusCode).toBe(200);
  });
});

describe('brute-force guard per client_id', () => {
  it('refuses a client_id from every address once its failures from all addresses reach the limit', async () => {
    const { limit, windowMinutes } = FAILURES_PER_CLIENT;
    const target = await createApplicationFor(await signInTenant(t), 'Targeted');
    // As though many addresses had guessed already (a thousand requests would only slow the suite).
    await t.db
      .insertInto('rate_limits')
      .values({ key: clientFailures(target.client_id).key, hits: limit - 2, window_started_at: t.clock() })
      .execute();
    // The owner's own success does not count; the last two failures, from two addresses, both do.
    expect((await requestToken(t.app, valid(target), { remoteAddress: newAddress() })).statusCode).toBe(200);
    expect((await requestToken(t.app, wrongSecret(target), { remoteAddress: newAddress() })).statusCode).toBe(
      401,
    );
    expect((await requestToken(t.app, wrongSecret(target), { remoteAddress: newAddress() })).statusCode).toBe(
      401,
    );

    // Now even the right secret, from an address that never failed, is refused: guesses learn nothing.
    expectTooMany(await requestToken(t.app, valid(target), { remoteAddress: newAddress() }));
    // Another company's client is not touched.
    expect((await requestToken(t.app, valid(companyB), { remoteAddress: newAddress() })).statusCode).toBe(
      200,
    );

    t.clock.advanceMinutes(windowMinutes);
    expect((await requestToken(t.app, valid(target), { remoteAddress: newAddress() })).statusCode).toBe(200);
  });
});
