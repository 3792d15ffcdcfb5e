import { randomBytes } from 'node:crypto';
import { connections } from '@caudal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInTenant } from '../wealth/wealth-fixtures';
import { createLink, publicCall } from './connections-fixtures';

/** The hosted connect pages' budget per visitor address and company in 10 minutes (connect-flow.ts). */
const LIMIT = 120;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A fresh address per test: the counters live in the database the file's tests share. */
const newIp = () => `10.${[1, 2, 3].map(() => randomBytes(1)[0]).join('.')}`;
const openSession = (token: string, ip: string) =>
  publicCall(t, connections.getConnectSession.path, { token }, ip);

describe('the hosted connect pages’ limit, per visitor address and company', () => {
  it("serves company B's customer while company A's connect page is hammered from the same address", async () => {
    const companyA = await signInTenant(t);
    const companyB = await signInTenant(t);
    const linkA = await createLink(companyA);
    const linkB = await createLink(companyB);
    const sharedIp = newIp();

    const statuses = [];
    for (let call = 0; call < LIMIT + 5; call++)
      statuses.push((await openSession(linkA.token, sharedIp)).statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(LIMIT);
    const refused = await openSession(linkA.token, sharedIp);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RateLimited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another of company A's sessions from that address meets the same budget; another address does not.
    const otherA = await createLink(companyA);
    expect((await openSession(otherA.token, sharedIp)).statusCode).toBe(429);
    expect((await openSession(otherA.token, newIp())).statusCode).toBe(200);

    // The attack it stops: company B's customer behind the same NAT or Wi-Fi is served.
    expect((await openSession(linkB.token, sharedIp)).statusCode).toBe(200);
    const chosen = await publicCall(
      t,
      connections.chooseConnectInstitution.path,
      { token: linkB.token, entity_id: 'santander' },
      sharedIp,
    );
    expect(chosen.statusCode, chosen.body).toBe(200);
  });

  it('counts tokens that name no session on the address alone, leaving real sessions their budget', async () => {
    const company = await signInTenant(t);
    const link = await createLink(company);
    const ip = newIp();
    for (let call = 0; call < LIMIT; call++) {
      const probe = await openSession(randomBytes(24).toString('base64url'), ip);
      expect(probe.statusCode).toBe(404);
    }
    expect((await openSession(randomBytes(24).toString('base64url'), ip)).statusCode).toBe(429);
    expect((await openSession(link.token, ip)).statusCode).toBe(200);
  });
});
