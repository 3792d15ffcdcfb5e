import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogCapture, createTenant, createTestApp, post, type TestApp } from '../test/test-app';
import { LOG_CENSOR, redactSecrets } from './logger';

let t: TestApp;
const capture = createLogCapture();
beforeAll(async () => {
  t = await createTestApp({ logger: capture.logger });
});
afterAll(() => t.close());

describe('the logs', () => {
  it('never hold passwords, access tokens or reset tokens', async () => {
    const tenant = await createTenant(t.db);
    const loginResponse = await post(t.app, '/auth/v0/login', { payload: tenant.credentials });
    const accessToken: string = loginResponse.json().access_token;
    await post(t.app, '/platform/me', { token: accessToken });
    await post(t.app, '/auth/v0/login', { payload: { ...tenant.credentials, password: 'Wrong-Secret-77' } });
    await post(t.app, '/v0/platform/forgot-password', {
      payload: { email: tenant.user.email, url: 'http://portal.caudal.test/es/x', language: 'es' },
    });
    await post(t.app, '/v0/platform/reset-password', {
      payload: { token: 'Guessed-Token-99', password: 'New-Pass-123' },
    });
    await t.app.inject({ method: 'GET', url: '/es/sesion/resetPassword?token=Query-Token-55' });
    capture.logger.info(
      { body: { password: 'Nested-Pass-1', token: 'Nested-Token-1' } },
      'object with secrets',
    );

    const logs = capture.text();
    expect(logs).toContain('request completed');
    for (const secret of [
      tenant.password,
      accessToken,
      'Wrong-Secret-77',
      'Guessed-Token-99',
      'New-Pass-123',
      'Query-Token-55',
      'Nested-Pass-1',
      'Nested-Token-1',
    ]) {
      expect(logs).not.toContain(secret);
    }
  });

  it('write a database error by its code and message, without the connection it carries', () => {
    const error = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
      client: { connectionParameters: { host: '127.0.0.1', database: 'caudal' }, processID: 4242 },
    });
    capture.logger.error({ err: error }, 'job queue error');
    const line = capture
      .text()
      .split('\n')
      .find((text) => text.includes('job queue error'));
    expect(line).toContain('57P01');
    expect(line).toContain('terminating connection due to administrator command');
    expect(line).not.toContain('connectionParameters');
    expect(line).not.toContain('4242');
  });

  it('write one line per request, with method, path, route, status, duration, request id and error code', async () => {
    const before = capture.text().length;
    const answered = await post(t.app, '/platform/me', { token: 'not-a-token' });
    expect(answered.statusCode).toBe(401);
    const lines = capture
      .text()
      .slice(before)
      .split('\n')
      .filter((line) => line.includes('/platform/me'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((line) => line.msg)).toEqual(['request completed']);
    const [line] = lines;
    expect(line).toMatchObject({
      req: { method: 'POST', url: '/platform/me' },
      route: '/platform/me',
      res: { statusCode: 401 },
      errorCode: 'Unauthorized',
    });
    expect(typeof line?.reqId).toBe('string');
    expect(typeof line?.responseTime).toBe('number');
  });
});

describe('redactSecrets', () => {
  it('censors a secret field at the top level and one or two levels down, in objects and arrays', () => {
    const logged = {
      password: 'p0',
      user: { Token: 't1', name: 'Ana', session: { client_secret: 's2', id: 7 } },
      list: [{ reset_token: 'r2' }],
      headers: { authorization: 'Bearer x', cookie: 'c=1' },
    };
    expect(redactSecrets(logged)).toEqual({
      password: LOG_CENSOR,
      user: { Token: LOG_CENSOR, name: 'Ana', session: { client_secret: LOG_CENSOR, id: 7 } },
      list: [{ reset_token: LOG_CENSOR }],
      headers: { authorization: LOG_CENSOR, cookie: LOG_CENSOR },
    });
  });

  it('never changes the logged object, and returns it as it is when it holds no secret', () => {
    const clean = { a: 1, b: { c: 'x' }, d: [1, 2] };
    expect(redactSecrets(clean)).toBe(clean);
    const secret = { a: { password: 'p' } };
    const copy = redactSecrets(secret);
    expect(copy).not.toBe(secret);
    expect(secret.a.password).toBe('p');
  });
});
