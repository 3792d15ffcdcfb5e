import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp, createUser, login, post, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const loginWith = (payload: unknown) => post(t.app, '/auth/v0/login', { payload });

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
      .executeTakeFirstOrThrow();
    expect(row.failed_count).toBe(5);
    expect(row.locked_until).not.toBeNull();
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
    expect(row.password_hash.startsWith('$argon2id$')).toBe(true);
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
