import type { KyselyPlugin, RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { hashToken } from '../../shared/secure-tokens';
import {
  createTenant,
  createTestApp,
  createTestClock,
  createUser,
  loadTestConfig,
  login,
  post,
  type TestApp,
} from '../../test/test-app';
import { openTestDatabase } from '../../test/test-database';
import { whenAnswersSettled } from './after-answer';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { REDIRECT_BASE_URL: 'https://app.caudal.test' } });
});
afterAll(() => t.close());

/** The answer comes first; the lookup and the mail run after it: wait for them too. */
const forgot = async (payload: Record<string, unknown>) => {
  const response = await post(t.app, '/v0/platform/forgot-password', {
    payload: { url: 'http://portal.caudal.test/es/sesion/resetPassword', language: 'es', ...payload },
  });
  await whenAnswersSettled();
  return response;
};
const reset = (token: string, password: string) =>
  post(t.app, '/v0/platform/reset-password', { payload: { token, password } });

async function outboxFor(email: string) {
  return t.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', email)
    .orderBy('created_at')
    .execute();
}

function tokenFromMail(body: string): { link: URL; token: string } {
  // The token rides in the link's fragment (never sent to a server), not in its query.
  const line = body.split('\n').find((text) => /^\s*https?:\/\/\S+#\S+\s*$/.test(text));
  if (!line) throw new Error('no link in the mail');
  const link = new URL(line.trim());
  expect(link.search).toBe('');
  return { link, token: link.hash.slice(1) };
}

/** Requests a reset for a fresh user and returns the token from the queued mail. */
async function requestToken() {
  const tenant = await createTenant(t.db);
  const email = tenant.user.email ?? '';
  expect((await forgot({ email })).json()).toEqual({ success: true });
  const [mail] = await outboxFor(email);
  if (!mail) throw new Error('no mail queued');
  return { ...tenant, mail, ...tokenFromMail(mail.body_text) };
}

describe('forgot-password', () => {
  it('queues a mail with a single-use link and stores only the token hash', async () => {
    const { mail, token, link, user } = await requestToken();
    expect(mail.status).toBe('pending');
    expect(mail.subject).toContain('restablece');
    expect(link.origin + link.pathname).toBe('http://portal.caudal.test/es/sesion/resetPassword');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.db
      .selectFrom('password_reset_tokens')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]?.expires_at.getTime()).toBe(t.clock().getTime() + 30 * 60_000);
  });

  it('matches the email case-insensitively and writes in the requested language', async () => {
    const tenant = await createTenant(t.db);
    const email = tenant.user.email ?? '';
    await forgot({
      email: email.toUpperCase(),
      language: 'en',
      url: 'https://app.caudal.test/en/sesion/resetPassword',
    });
    const [mail] = await outboxFor(email);
    expect(mail?.subject).toContain('reset your password');
    expect(tokenFromMail(mail?.body_text ?? '').link.origin).toBe('https://app.caudal.test');
  });

  it('never mails a link to a foreign origin (token theft)', async () => {
    const tenant = await createTenant(t.db);
    const email = tenant.user.email ?? '';
    await forgot({ email, url: 'https://attacker.example/steal', language: 'en' });
    const [mail] = await outboxFor(email);
    const { link } = tokenFromMail(mail?.body_text ?? '');
    expect(link.origin).toBe('http://portal.caudal.test');
    expect(link.pathname).toBe('/en/sesion/resetPassword');
    expect(mail?.body_text).not.toContain('attacker');
  });

  it('answers success for an unknown email and queues nothing', async () => {
    const before = await t.db.selectFrom('mail_outbox').select('id').execute();
    const response = await forgot({ email: 'nobody@nowhere.test' });
    expect(response.json()).toEqual({ success: true });
    expect(await t.db.selectFrom('mail_outbox').select('id').execute()).toHaveLength(before.length);
  });

  it('skips disabled users', async () => {
    const tenant = await createTenant(t.db);
    const disabled = await createUser(t.db, { companyId: tenant.company.id, disabledAt: new Date() });
    await forgot({ email: disabled.user.email });
    expect(await outboxFor(disabled.user.email ?? '')).toHaveLength(0);
  });

  it('rate-limits requests per email', async () => {
    const email = 'flood@nowhere.test';
    for (let attempt = 0; attempt < 5; attempt++) expect((await forgot({ email })).statusCode).toBe(200);
    const limited = await forgot({ email });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RateLimited');
    t.clock.advanceMinutes(16);
    expect((await forgot({ email })).statusCode).toBe(200);
  });

  it("a flood from one address that is refused does not spend its victim's email budget", async () => {
    const victim = 'victim@nowhere.test';
    const fromAttacker = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v0/platform/forgot-password',
        remoteAddress: '203.0.113.66',
        payload: { email, url: 'http://portal.caudal.test/es/sesion/resetPassword', language: 'es' },
      });
    // The attacker spends its address's budget on other emails, then keeps asking for the victim's.
    for (let attempt = 0; attempt < t.config.forgotPasswordMaxPerIp; attempt++) {
      expect((await fromAttacker(`other-${attempt}@nowhere.test`)).statusCode).toBe(200);
    }
    for (let attempt = 0; attempt < 10; attempt++) expect((await fromAttacker(victim)).statusCode).toBe(429);
    await whenAnswersSettled();
    // The victim, from their own address, still gets every request of their own budget.
    for (let attempt = 0; attempt < t.config.forgotPasswordMaxPerEmail; attempt++) {
      expect((await forgot({ email: victim })).statusCode).toBe(200);
    }
  });

  it('validates the body with i18n keys', async () => {
    const response = await post(t.app, '/v0/platform/forgot-password', {
      payload: { email: 'not-an-email', url: 'nope', language: 'es' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues).toEqual([
      { path: ['email'], message: 'validation.email' },
      { path: ['url'], message: 'validation.url' },
    ]);
  });
});

describe('reset-password', () => {
  it('sets the new password once; the second use fails', async () => {
    const { token, credentials } = await requestToken();
    const first = await reset(token, 'BrandNew-Pass1');
    expect(first.json()).toEqual({ success: true });
    const second = await reset(token, 'Another-Pass2');
    expect(second.statusCode).toBe(400);
    expect(second.json().error.code).toBe('InvalidResetToken');
    await login(t.app, { ...credentials, password: 'BrandNew-Pass1' });
    const old = await post(t.app, '/auth/v0/login', { payload: credentials });
    expect(old.statusCode).toBe(401);
  });

  it('lets only one of two concurrent uses win', async () => {
    const { token } = await requestToken();
    const answers = await Promise.all([reset(token, 'BrandNew-Pass1'), reset(token, 'BrandNew-Pass2')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
  });

  it('rejects an expired token', async () => {
    const { token } = await requestToken();
    t.clock.advanceMinutes(31);
    const response = await reset(token, 'BrandNew-Pass1');
    expect(response.json().error.code).toBe('InvalidResetToken');
  });

  it('rejects an unknown token', async () => {
    const response = await reset('made-up-token', 'BrandNew-Pass1');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('InvalidResetToken');
  });

  it('rejects a weak password and changes nothing', async () => {
    const { token, credentials } = await requestToken();
    const response = await reset(token, 'weakpass');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'ValidationError',
      issues: [{ path: ['password'], message: 'validation.password' }],
    });
    await login(t.app, credentials);
    expect((await reset(token, 'Strong-Enough1')).statusCode).toBe(200);
  });

  it('ends every session of the user and clears the lockout', async () => {
    const { token, credentials } = await requestToken();
    const session = await login(t.app, credentials);
    for (let attempt = 0; attempt < 5; attempt++) {
      await post(t.app, '/auth/v0/login', { payload: { ...credentials, password: 'Wrong-Pass1' } });
    }
    expect((await reset(token, 'BrandNew-Pass1')).statusCode).toBe(200);
    expect((await post(t.app, '/platform/me', { token: session })).statusCode).toBe(401);
    await login(t.app, { ...credentials, password: 'BrandNew-Pass1' });
  });
});

describe('forgot-password timing', () => {
  /** Each statement the app sends, with its values left out: its shape is the work it does. */
  const statements: string[] = [];
  const recorder: KyselyPlugin = {
    transformQuery: ({ node }) => {
      statements.push(shapeOf(node));
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  const shapeOf = (node: RootOperationNode) =>
    JSON.stringify(node, (key, value) => (key === 'value' || key === 'values' ? undefined : value));

  it('does the same work before answering for a known and an unknown email', async () => {
    const handle = await openTestDatabase();
    const db = handle.db.withPlugin(recorder);
    let answeredAfter = -1;
    const app = await buildApp({
      config: loadTestConfig(),
      db,
      clock: createTestClock(),
      webRoot: null,
      registerExtra: (instance) => {
        instance.addHook('onSend', async () => {
          answeredAfter = statements.length;
        });
      },
    });
    try {
      const tenant = await createTenant(handle.db);
      const request = async (email: string) => {
        statements.length = 0;
        const response = await post(app, '/v0/platform/forgot-password', {
          payload: { email, url: 'http://portal.caudal.test/es/sesion/resetPassword', language: 'es' },
        });
        expect(response.json()).toEqual({ success: true });
        const beforeAnswer = statements.slice(0, answeredAfter);
        await whenAnswersSettled();
        return { beforeAnswer, afterAnswer: statements.slice(answeredAfter) };
      };
      const known = await request(tenant.user.email ?? '');
      const unknown = await request('nobody-at-all@nowhere.test');
      expect(known.beforeAnswer.length).toBeGreaterThan(0);
      expect(known.beforeAnswer).toEqual(unknown.beforeAnswer);
      // The lookup and the mail still happen, after the answer: only for the known email do they write.
      expect(known.afterAnswer.length).toBeGreaterThan(unknown.afterAnswer.length);
      expect(await outboxForDb(handle.db, tenant.user.email ?? '')).toHaveLength(1);
    } finally {
      await app.close();
      await handle.close();
    }
  });
});

function outboxForDb(db: TestApp['db'], email: string) {
  return db.selectFrom('mail_outbox').select('id').where('to_address', '=', email).execute();
}
