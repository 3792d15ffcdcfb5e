import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp, createUser, login, post, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  // The per-address throttle has its own tests below; here many failures come from one address.
  t = await createTestApp({ env: { LOGIN_MAX_FAILURES_PER_IP: '1000' } });
});
afterAll(() => t.close());

const loginWith = (payload: unknown) => post(t.app, '/auth/v0/login', { payload });
/** A sign-in from another address (inject's own is 127.0.0.1). */
const loginFrom = (remoteAddress: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/auth/v0/login',
    remoteAddress,
    payload: payload as Record<string, unknown>,
  });
/** The names' failure count for one address, or account-wide (''). */
const failuresOf = (username: string, address: string) =>
  t.db
    .selectFrom('login_failures')
    .selectAll()
    .where('username_key', '=', username.toLowerCase())
    .where('address', '=', address)
    .executeTakeFirstOrThrow();

describe('login', () => {
  it('returns a Bearer token for the right credentials, ignoring case in names', async () => {
    const tenant = await createTenant(t.db);
    const response = await loginWith({
      company: tenant.company.name.toUpperCase(),
      username: tenant.user.username.toUpperCase(),
      password: tenant.password,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(body.access_token.split('.')).toHaveLength(3);
    const me = await post(t.app, '/platform/me', { token: body.access_token });
    expect(me.statusCode).toBe(200);
  });

  it('answers wrong password, unknown user, unknown company and disabled user identically', async () => {
    const tenant = await createTenant(t.db);
    const disabled = await createUser(t.db, { companyId: tenant.company.id, disabledAt: new Date() });
    const attempts = [
      { ...tenant.credentials, password: 'Wrong-password1' },
      { ...tenant.credentials, username: 'nobody-here' },
      { ...tenant.credentials, company: 'No Such Company' },
      { company: tenant.company.name, username: disabled.user.username, password: disabled.password },
    ];
    const answers = [];
    for (const attempt of attempts) {
      const response = await loginWith(attempt);
      answers.push({ status: response.statusCode, body: response.body });
    }
    expect(answers[0]).toEqual({
      status: 401,
      body: JSON.stringify({ error: { code: 'LoginFailed', message: 'Sign-in failed' } }),
    });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
  });

  it('locks after 5 failures, even for the right password, until the lock expires', async () => {
    const tenant = await createTenant(t.db);
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await loginWith({ ...tenant.credentials, password: 'Wrong-password1' });
      expect(response.json().error.code).toBe('LoginFailed');
    }
    const locked = await loginWith(tenant.credentials);
    expect(locked.statusCode).toBe(401);
    expect(locked.json().error.code).toBe('LoginFailed');

    t.clock.advanceMinutes(14);
    expect((await loginWith(tenant.credentials)).statusCode).toBe(401);
    t.clock.advanceMinutes(2);
    expect((await loginWith(tenant.credentials)).statusCode).toBe(200);
  });

  it('lets none of 50 parallel guesses past the lockout, the right password among them', async () => {
    const tenant = await createTenant(t.db);
    const guesses = Array.from({ length: 49 }, (_, index) => ({
      ...tenant.credentials,
      password: `Wrong-password${index}`,
    }));
    // Sent last: the lockout must hold it back, though no guess had failed when all 50 arrived.
    guesses.push(tenant.credentials);
    const answers = await Promise.all(guesses.map((guess) => loginWith(guess)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(0);
    expect(new Set(answers.map((answer) => answer.json().error.code))).toEqual(new Set(['LoginFailed']));
    const row = await failuresOf(tenant.user.username, '127.0.0.1');
    expect(row.failed_count).toBe(50);
    expect(row.locked_until).not.toBeNull();
    // Only the five this address was let through count against the account.
    expect((await failuresOf(tenant.user.username, '')).failed_count).toBe(5);
    expect((await loginWith(tenant.credentials)).statusCode).toBe(401);
  });

  it('resets the failure count after a success', async () => {
    const tenant = await createTenant(t.db);
    const wrong = { ...tenant.credentials, password: 'Wrong-password1' };
    for (let attempt = 0; attempt < 4; attempt++) await loginWith(wrong);
    expect((await loginWith(tenant.credentials)).statusCode).toBe(200);
    for (let attempt = 0; attempt < 4; attempt++) await loginWith(wrong);
    expect((await loginWith(tenant.credentials)).statusCode).toBe(200);
  });

  it('counts failures for unknown users too, keyed by the names as typed', async () => {
    const ghost = { company: 'Ghost Co', username: 'ghost', password: 'Whatever-1' };
    for (let attempt = 0; attempt < 5; attempt++) await loginWith(ghost);
    const row = await t.db
      .selectFrom('login_failures')
      .selectAll()
      .where('company_key', '=', 'ghost co')
      .where('username_key', '=', 'ghost')
      .where('address', '=', '127.0.0.1')
      .executeTakeFirstOrThrow();
    expect(row.failed_count).toBe(5);
    expect(row.locked_until).not.toBeNull();
  });

  it('locks the names for the failing address only: nobody elsewhere can lock a user out', async () => {
    const tenant = await createTenant(t.db);
    const wrong = { ...tenant.credentials, password: 'Wrong-password1' };
    // The attack: another company's staff, or anyone, types the user's names with wrong passwords.
    for (let attempt = 0; attempt < 5; attempt++) await loginFrom('203.0.113.7', wrong);
    expect((await loginFrom('203.0.113.7', tenant.credentials)).statusCode).toBe(401);
    // The user, from their own address, still signs in.
    expect((await loginFrom('198.51.100.20', tenant.credentials)).statusCode).toBe(200);
  });

  it('locks the names everywhere once failures from many addresses reach the account-wide limit', async () => {
    const tenant = await createTenant(t.db);
    const wrong = { ...tenant.credentials, password: 'Wrong-password1' };
    // Ten addresses, five failures each: fifty, the account-wide limit.
    for (let host = 1; host <= 10; host++) {
      for (let attempt = 0; attempt < 5; attempt++) await loginFrom(`203.0.113.${host}`, wrong);
    }
    const fresh = await loginFrom('198.51.100.20', tenant.credentials);
    expect(fresh.statusCode).toBe(401);
    expect(fresh.json().error.code).toBe('LoginFailed');
    t.clock.advanceMinutes(16);
    expect((await loginFrom('198.51.100.20', tenant.credentials)).statusCode).toBe(200);
  });

  it('rejects an invalid body with i18n keys and params', async () => {
    const response = await loginWith({ company: '  ', username: 'x'.repeat(65), password: '' });
    expect(response.statusCode).toBe(400);
    const error = response.json().error;
    expect(error.code).toBe('ValidationError');
    expect(error.issues).toEqual(
      expect.arrayContaining([
        { path: ['company'], message: 'validation.blank' },
        { path: ['username'], message: 'validation.maxLength', params: { n: 64 } },
        { path: ['password'], message: 'validation.required' },
      ]),
    );
  });

  it('stores argon2id hashes only', async () => {
    const tenant = await createTenant(t.db);
    const row = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', tenant.user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash?.startsWith('$argon2id$')).toBe(true);
    expect(row.password_hash).not.toContain(tenant.password);
  });

  it('logout ends the session: the same token is then rejected', async () => {
    const tenant = await createTenant(t.db);
    const token = await login(t.app, tenant.credentials);
    const logout = await post(t.app, '/auth/v0/logout', { token });
    expect(logout.json()).toEqual({ success: true });
    const me = await post(t.app, '/platform/me', { token });
    expect(me.statusCode).toBe(401);
  });
});

describe('failed sign-ins per client address', () => {
  let limited: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ env: { LOGIN_MAX_FAILURES_PER_IP: '3' } });
    proxied = await createTestApp({ env: { LOGIN_MAX_FAILURES_PER_IP: '3', TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await limited.close();
    await proxied.close();
  });

  const attempt = (
    app: TestApp,
    payload: object,
    headers: Record<string, string> = {},
    remoteAddress?: string,
  ) =>
    app.app.inject({
      method: 'POST',
      url: '/auth/v0/login',
      payload,
      headers,
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  const spray = (index: number) => ({ company: 'Acme', username: `user-${index}`, password: 'Guess-1234' });

  it('answers 429 with Retry-After once one address sprayed too many usernames, until the window ends', async () => {
    const tenant = await createTenant(limited.db);
    for (let index = 0; index < 3; index++) {
      expect((await attempt(limited, spray(index), {}, '203.0.113.7')).statusCode).toBe(401);
    }
    const refused = await attempt(limited, tenant.credentials, {}, '203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RateLimited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
    // Without TRUST_PROXY a forged X-Forwarded-For does not make a new address.
    const forged = await attempt(
      limited,
      tenant.credentials,
      { 'x-forwarded-for': '198.51.100.1' },
      '203.0.113.7',
    );
    expect(forged.statusCode).toBe(429);
    // Another address is not affected; after the window the first one may try again.
    expect((await attempt(limited, tenant.credentials, {}, '203.0.113.8')).statusCode).toBe(200);
    limited.clock.advanceMinutes(16);
    expect((await attempt(limited, tenant.credentials, {}, '203.0.113.7')).statusCode).toBe(200);
  });

  it('counts failures only: successes give their attempt back', async () => {
    const tenant = await createTenant(limited.db);
    const wrong = { ...tenant.credentials, password: 'Wrong-password1' };
    const ip = '203.0.113.20';
    for (let round = 0; round < 2; round++)
      expect((await attempt(limited, wrong, {}, ip)).statusCode).toBe(401);
    for (let round = 0; round < 5; round++) {
      expect((await attempt(limited, tenant.credentials, {}, ip)).statusCode).toBe(200);
    }
    expect((await attempt(limited, wrong, {}, ip)).statusCode).toBe(401);
    expect((await attempt(limited, tenant.credentials, {}, ip)).statusCode).toBe(429);
  });

  it('takes the address from X-Forwarded-For only with TRUST_PROXY', async () => {
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    for (let index = 0; index < 3; index++) await attempt(proxied, spray(index), from('198.51.100.1'));
    expect((await attempt(proxied, spray(9), from('198.51.100.1'))).statusCode).toBe(429);
    expect((await attempt(proxied, spray(9), from('198.51.100.2'))).statusCode).toBe(401);
  });
});
