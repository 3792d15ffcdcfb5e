import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, randomToken } from '../../shared/secure-tokens';
import { createTenant, createTestApp, createUser, login, post, type TestApp } from '../../test/test-app';
import { CHANGE_PASSWORD_ATTEMPTS } from './password-change';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Nueva-Clave-2026';
const change = (token: string, payload: Record<string, unknown>) =>
  post(t.app, '/v0/platform/change-password', { token, payload });
const me = (token: string) => post(t.app, '/platform/me', { token });

describe('change-password', () => {
  it('changes the password after the current one, ends the OTHER sessions and keeps this one', async () => {
    const { credentials } = await createTenant(t.db);
    const here = await login(t.app, credentials);
    const laptop = await login(t.app, credentials);
    const phone = await login(t.app, credentials);

    const response = await change(here, {
      current_password: credentials.password,
      new_password: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, ended_sessions: 2 });

    expect((await me(here)).statusCode).toBe(200);
    expect((await me(laptop)).statusCode).toBe(401);
    expect((await me(phone)).statusCode).toBe(401);
    // The new password signs in; the old one no longer does.
    await expect(login(t.app, { ...credentials, password: NEW_PASSWORD })).resolves.toBeTruthy();
    const old = await post(t.app, '/auth/v0/login', { payload: credentials });
    expect(old.statusCode).toBe(401);
  });

  it('refuses a wrong current password with its own code, not a 401 or 403 that would sign the user out', async () => {
    const { credentials } = await createTenant(t.db);
    const token = await login(t.app, credentials);
    const other = await login(t.app, credentials);
    const response = await change(token, { current_password: 'Not-The-One-1', new_password: NEW_PASSWORD });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('WrongCurrentPassword');
    // Nothing changed: the old password still signs in, both sessions still live.
    await expect(login(t.app, credentials)).resolves.toBeTruthy();
    expect((await me(token)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(200);
  });

  it("refuses a new password outside the spec's rules, naming the field", async () => {
    const { credentials } = await createTenant(t.db);
    const token = await login(t.app, credentials);
    for (const weak of ['short1A', 'alllowercase1', 'ALLUPPERCASE1', 'NoDigitsOrSymbols']) {
      const response = await change(token, { current_password: credentials.password, new_password: weak });
      expect(response.statusCode, weak).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'ValidationError',
        issues: [{ path: ['new_password'], message: 'validation.password' }],
      });
    }
    const empty = await change(token, { current_password: '', new_password: NEW_PASSWORD });
    expect(empty.json().error.issues).toEqual([
      { path: ['current_password'], message: 'validation.required' },
    ]);
    await expect(login(t.app, credentials)).resolves.toBeTruthy();
  });

  it('refuses the current password as the new one', async () => {
    const { credentials } = await createTenant(t.db);
    const token = await login(t.app, credentials);
    const response = await change(token, {
      current_password: credentials.password,
      new_password: credentials.password,
    });
    expect(response.json().error.code).toBe('PasswordUnchanged');
  });

  it('ends nobody else: another user of the company keeps their sessions', async () => {
    const first = await createTenant(t.db);
    const { user, password } = await createUser(t.db, { companyId: first.company.id });
    const colleague = await login(t.app, { company: first.company.name, username: user.username, password });
    const token = await login(t.app, first.credentials);
    const response = await change(token, { current_password: first.password, new_password: NEW_PASSWORD });
    expect(response.json().ended_sessions).toBe(0);
    expect((await me(colleague)).statusCode).toBe(200);
  });

  it('kills reset links still in the mailbox', async () => {
    const { credentials, user, company } = await createTenant(t.db);
    const token = await login(t.app, credentials);
    const link = randomToken(32);
    await t.db
      .insertInto('password_reset_tokens')
      .values({
        token_hash: hashToken(link),
        user_id: user.id,
        company_id: company.id,
        created_at: t.clock(),
        expires_at: new Date(t.clock().getTime() + 60_000 * 30),
      })
      .execute();
    await change(token, { current_password: credentials.password, new_password: NEW_PASSWORD });
    const reset = await post(t.app, '/v0/platform/reset-password', {
      payload: { token: link, password: 'Otra-Clave-2026' },
    });
    expect(reset.json().error.code).toBe('InvalidResetToken');
  });

  it('stops guessing the current password after a few tries (429), without signing the user out', async () => {
    const { credentials } = await createTenant(t.db);
    const token = await login(t.app, credentials);
    for (let attempt = 0; attempt < CHANGE_PASSWORD_ATTEMPTS.limit; attempt += 1) {
      const wrong = await change(token, {
        current_password: `Guess-${attempt}-x`,
        new_password: NEW_PASSWORD,
      });
      expect(wrong.json().error.code).toBe('WrongCurrentPassword');
    }
    const refused = await change(token, {
      current_password: credentials.password,
      new_password: NEW_PASSWORD,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await me(token)).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    const response = await post(t.app, '/v0/platform/change-password', {
      payload: { current_password: 'x', new_password: NEW_PASSWORD },
    });
    expect(response.statusCode).toBe(401);
  });
});
