import { randomBytes } from 'node:crypto';
import { connections, links } from '@caudal/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sandboxConnector } from '../../engine/connectors';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type SignedInTenant, signInTenant } from '../wealth/wealth-fixtures';
import { PASSWORD_TRIES_PER_TOKEN } from './connect-tokens';
import { createLink, publicCall, submit } from './connections-fixtures';

/** Wrong passwords one login takes in an hour across a company's tokens (connect-flow.ts). */
const PER_LOGIN = 10;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.restoreAllMocks();
});

/** A login of its own per test: the counters live in the database the file's tests share. */
const newLogin = () => `holder-${randomBytes(4).toString('hex')}`;
const wrong = (token: string, username: string) => submit(t, token, { username, password: 'not-it' });
const right = (token: string, username: string) => submit(t, token, { username, password: 'demo' });

/** A fresh connect token of the company's public Link, as every visitor of it gets one. */
async function startLinkVisit(linkToken: string): Promise<string> {
  const started = await publicCall(t, links.startLinkSession.path, { token: linkToken, language: 'en' });
  if (started.statusCode !== 200) throw new Error(`start-session: ${started.statusCode} ${started.body}`);
  return links.startLinkSession.response.parse(started.json()).connect_token;
}

async function createPublicLink(tenant: SignedInTenant): Promise<string> {
  const response = await tenant.call(links.createLink.path, { name: `Link ${newLogin()}` });
  if (response.statusCode !== 200) throw new Error(`create-link: ${response.statusCode} ${response.body}`);
  return links.createLink.response.parse(response.json()).token;
}

/** Spends the token's tries with wrong passwords: the last one ends it. */
async function spendToken(token: string, username: string) {
  for (let attempt = 1; attempt < PASSWORD_TRIES_PER_TOKEN; attempt++) {
    const refused = await wrong(token, username);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().error.code).toBe('InvalidAccess');
  }
  return wrong(token, username);
}

describe('wrong passwords per connect token', () => {
  it('ends the token at the cap, and refuses every later step on it', async () => {
    const tenant = await signInTenant(t);
    const { token } = await createLink(tenant);
    const username = newLogin();

    const last = await spendToken(token, username);
    expect(last.statusCode, last.body).toBe(429);
    expect(last.json().error.code).toBe('TooManyPasswordTries');
    // The login's own cap is not spent: a new visit may try it now, so no wait is said (QA).
    expect(last.headers['retry-after']).toBeUndefined();

    // Even the right password: the token is over, its pages and steps answer as a dead link.
    const login = vi.spyOn(sandboxConnector, 'login');
    for (const [path, body] of [
      [connections.submitConnectCredentials.path, { entity_id: 'santander', username, password: 'demo' }],
      [connections.getConnectSession.path, {}],
      [connections.chooseConnectInstitution.path, { entity_id: 'santander' }],
      [connections.submitConnectSca.path, { code: '123456' }],
    ] as const) {
      const answer = await publicCall(t, path, { token, accept_terms: true, ...body });
      expect(answer.statusCode, `${path} ${answer.body}`).toBe(404);
      expect(answer.json().error.code).toBe('InvalidConnectToken');
    }
    expect(login).not.toHaveBeenCalled();
  });

  it('lets no more than the cap through to the bank from concurrent submissions', async () => {
    const tenant = await signInTenant(t);
    const { token } = await createLink(tenant);
    const username = newLogin();
    const login = vi.spyOn(sandboxConnector, 'login');

    const answers = await Promise.all(Array.from({ length: 20 }, () => wrong(token, username)));

    expect(login.mock.calls.length).toBeLessThanOrEqual(PASSWORD_TRIES_PER_TOKEN);
    expect(login.mock.calls.length).toBeGreaterThan(0);
    const codes = answers.map((answer) => answer.json().error.code);
    expect(
      codes.every((code) => ['InvalidAccess', 'TooManyPasswordTries', 'InvalidConnectToken'].includes(code)),
    ).toBe(true);
    expect(codes).toContain('TooManyPasswordTries');
    expect((await right(token, username)).json().error.code).toBe('InvalidConnectToken');
    expect(login.mock.calls.length).toBeLessThanOrEqual(PASSWORD_TRIES_PER_TOKEN);
  });

  it('still connects with the right password before the cap', async () => {
    const tenant = await signInTenant(t);
    const { token } = await createLink(tenant);
    const username = newLogin();
    for (let attempt = 1; attempt < PASSWORD_TRIES_PER_TOKEN; attempt++) {
      expect((await wrong(token, username)).statusCode).toBe(422);
    }
    const connected = await right(token, username);
    expect(connected.statusCode, connected.body).toBe(200);
    expect(connected.json()).toMatchObject({ status: 'done' });
  });

  it('counts only wrong passwords: an institution that is down takes no try', async () => {
    const tenant = await signInTenant(t);
    const { token } = await createLink(tenant);
    for (let attempt = 0; attempt < PASSWORD_TRIES_PER_TOKEN + 2; attempt++) {
      const down = await submit(t, token, { username: 'demo-down', password: 'demo' });
      expect(down.json().error.code).toBe('InstitutionDown');
    }
    const username = newLogin();
    for (let attempt = 1; attempt < PASSWORD_TRIES_PER_TOKEN; attempt++) {
      expect((await wrong(token, username)).statusCode).toBe(422);
    }
    expect((await right(token, username)).statusCode).toBe(200);
  });
});

describe('wrong passwords per login, across a company’s tokens', () => {
  it('stops a login guessed through fresh Link visits, before the bank, until the hour is over', async () => {
    const tenant = await signInTenant(t);
    const link = await createPublicLink(tenant);
    // Accented, so its decomposed form (as pasted from macOS) is a variant the cap must also catch.
    const username = `josé-${newLogin()}`;
    let spent = 0;
    while (spent < PER_LOGIN) {
      const token = await startLinkVisit(link);
      for (let attempt = 0; attempt < PASSWORD_TRIES_PER_TOKEN && spent < PER_LOGIN; attempt++, spent++) {
        expect([422, 429]).toContain((await wrong(token, username)).statusCode);
      }
    }

    const token = await startLinkVisit(link);
    const login = vi.spyOn(sandboxConnector, 'login');
    // The same login however it is typed; the right password is refused too (checked before the bank).
    const variants = [
      username,
      ` ${username.toUpperCase()} `,
      username.normalize('NFD'),
      username.replace('-', '\u200b-'),
    ];
    for (const typed of variants) {
      const refused = await right(token, typed);
      expect(refused.statusCode, refused.body).toBe(429);
      expect(refused.json().error.code).toBe('TooManyPasswordTries');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(login).not.toHaveBeenCalled();
    // The refusal took none of the token's tries, and another login on it still reaches the bank.
    expect((await wrong(token, newLogin())).statusCode).toBe(422);

    t.clock.advanceMinutes(61);
    const later = await startLinkVisit(link);
    expect((await right(later, username)).json()).toMatchObject({ status: 'done' });
  });

  it("never blocks another company's visitor with the same login at the same institution", async () => {
    const companyA = await signInTenant(t);
    const companyB = await signInTenant(t);
    const username = newLogin();
    for (let link = 0; link < PER_LOGIN / PASSWORD_TRIES_PER_TOKEN; link++) {
      await spendToken((await createLink(companyA)).token, username);
    }
    expect((await right((await createLink(companyA)).token, username)).statusCode).toBe(429);

    const connected = await right((await createLink(companyB)).token, username);
    expect(connected.statusCode, connected.body).toBe(200);
    expect(connected.json()).toMatchObject({ status: 'done' });
  });

  it('keys the count on a digest of the login, never the login itself', async () => {
    const tenant = await signInTenant(t);
    const username = newLogin();
    expect((await wrong((await createLink(tenant)).token, username)).statusCode).toBe(422);
    const keys = await t.db
      .selectFrom('rate_limits')
      .select('key')
      .where('key', 'like', `connect:login:${tenant.companyId}:%`)
      .execute();
    expect(keys).toHaveLength(1);
    expect(keys[0]?.key).not.toContain(username);
  });
});
