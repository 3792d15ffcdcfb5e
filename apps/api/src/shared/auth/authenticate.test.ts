import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp, login, post, type TestApp } from '../../test/test-app';
import { encodeSecret, signAccessToken } from './access-token';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (token: string) => post(t.app, '/platform/me', { token });
const codeOf = (response: { json(): { error: { code: string } } }) => response.json().error.code;

function splitToken(token: string) {
  const [header = '', payload = '', signature = ''] = token.split('.');
  return { header, payload, signature };
}
const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));

async function signIn() {
  const tenant = await createTenant(t.db);
  return { ...tenant, token: await login(t.app, tenant.credentials) };
}

describe('the session guard', () => {
  it('requires a Bearer token', async () => {
    const response = await post(t.app, '/platform/me');
    expect(response.statusCode).toBe(401);
    expect(codeOf(response)).toBe('Unauthorized');
    const basic = await t.app.inject({
      method: 'POST',
      url: '/platform/me',
      headers: { authorization: 'Basic abc' },
      payload: {},
    });
    expect(basic.statusCode).toBe(401);
  });

  it('rejects a token with a flipped signature character', async () => {
    const { token } = await signIn();
    const { header, payload, signature } = splitToken(token);
    const middle = Math.floor(signature.length / 2);
    const flipped = signature[middle] === 'A' ? 'B' : 'A';
    const tampered = `${header}.${payload}.${signature.slice(0, middle)}${flipped}${signature.slice(middle + 1)}`;
    expect(codeOf(await me(tampered))).toBe('Unauthorized');
  });

  it('rejects a token whose claims were changed', async () => {
    const a = await signIn();
    const b = await signIn();
    const { header, payload, signature } = splitToken(a.token);
    const claims = { ...decode(payload), cid: b.company.id };
    const response = await me(`${header}.${encode(claims)}.${signature}`);
    expect(response.statusCode).toBe(401);
  });

  it('rejects alg none', async () => {
    const { token } = await signIn();
    const { payload } = splitToken(token);
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    expect((await me(unsigned)).statusCode).toBe(401);
  });

  it('rejects a token signed with another secret', async () => {
    const { user, company } = await signIn();
    const session = await t.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    const foreign = await signAccessToken(
      { userId: user.id, companyId: company.id, sessionId: session.id },
      encodeSecret('another-secret-another-secret-another-secret'),
      t.clock(),
      3600,
    );
    expect((await me(foreign)).statusCode).toBe(401);
  });

  it('rejects a correctly signed token whose company is not the session company', async () => {
    const a = await signIn();
    const b = await signIn();
    const session = await t.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', a.user.id)
      .executeTakeFirstOrThrow();
    const forged = await signAccessToken(
      { userId: a.user.id, companyId: b.company.id, sessionId: session.id },
      encodeSecret(t.config.jwtSecret ?? ''),
      t.clock(),
      3600,
    );
    expect((await me(forged)).statusCode).toBe(401);
    expect((await me(a.token)).json().company.id).toBe(a.company.id);
  });

  it('rejects an expired token with SessionExpired', async () => {
    const { token } = await signIn();
    // Stay active so only the token's own expiry can fail it.
    for (let step = 0; step < 3; step++) {
      t.clock.advanceMinutes(19);
      expect((await me(token)).statusCode).toBe(200);
    }
    t.clock.advanceMinutes(4);
    const response = await me(token);
    expect(response.statusCode).toBe(401);
    expect(codeOf(response)).toBe('SessionExpired');
  });

  it('ends a session after the inactivity timeout', async () => {
    const { token, user } = await signIn();
    t.clock.advanceMinutes(10);
    expect((await me(token)).statusCode).toBe(200);
    t.clock.advanceMinutes(31);
    const response = await me(token);
    expect(codeOf(response)).toBe('SessionExpired');
    const session = await t.db
      .selectFrom('sessions')
      .select('ended_at')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(session.ended_at).not.toBeNull();
    t.clock.advanceMinutes(-31);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('records activity at most once a minute', async () => {
    const { token, user } = await signIn();
    const lastSeen = async () =>
      (
        await t.db
          .selectFrom('sessions')
          .select('last_seen_at')
          .where('user_id', '=', user.id)
          .executeTakeFirstOrThrow()
      ).last_seen_at.getTime();
    const first = await lastSeen();
    t.clock.advanceSeconds(30);
    await me(token);
    expect(await lastSeen()).toBe(first);
    t.clock.advanceSeconds(31);
    await me(token);
    expect(await lastSeen()).toBe(t.clock().getTime());
  });

  it('checks a background call but does not count it as activity: the session still ends when idle', async () => {
    const { token, user } = await signIn();
    const background = () =>
      t.app.inject({
        method: 'POST',
        url: '/platform/me',
        headers: { authorization: `Bearer ${token}`, 'x-caudal-background': '1' },
        payload: {},
      });
    const lastSeen = async () =>
      (
        await t.db
          .selectFrom('sessions')
          .select('last_seen_at')
          .where('user_id', '=', user.id)
          .executeTakeFirstOrThrow()
      ).last_seen_at.getTime();
    // A call the user made extends the session...
    t.clock.advanceMinutes(2);
    expect((await me(token)).statusCode).toBe(200);
    const seen = await lastSeen();
    expect(seen).toBe(t.clock().getTime());
    // ...a tab polling every five minutes with nobody there does not.
    for (let step = 0; step < 6; step++) {
      t.clock.advanceMinutes(5);
      const response = await background();
      expect(response.statusCode).toBe(200);
      expect(await lastSeen()).toBe(seen);
    }
    // Past SESSION_IDLE_MINUTES (30) since the user's last call: the next poll finds the session over.
    t.clock.advanceMinutes(1);
    const response = await background();
    expect(response.statusCode).toBe(401);
    expect(codeOf(response)).toBe('SessionExpired');
    expect(codeOf(await me(token))).toBe('Unauthorized');
  });

  it('still refuses an ended session on a background call', async () => {
    const { token, user } = await signIn();
    await t.db.updateTable('sessions').set({ ended_at: t.clock() }).where('user_id', '=', user.id).execute();
    const response = await t.app.inject({
      method: 'POST',
      url: '/platform/me',
      headers: { authorization: `Bearer ${token}`, 'x-caudal-background': '1' },
      payload: {},
    });
    expect(response.statusCode).toBe(401);
  });

  it('rejects the token of a user disabled after sign-in', async () => {
    const { token, user } = await signIn();
    await t.db.updateTable('users').set({ disabled_at: t.clock() }).where('id', '=', user.id).execute();
    expect((await me(token)).statusCode).toBe(401);
  });
});
