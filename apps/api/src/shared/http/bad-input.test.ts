import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLogCapture,
  createTenant,
  createTestApp,
  login,
  post,
  type TestApp,
} from '../../test/test-app';
import { maskPathTokens } from '../logger';
import { isNestedDeeperThan, MAX_JSON_DEPTH } from './json-body';
import { findNulCharacters } from './register-call';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  const tenant = await createTenant(t.db, { modules: ['wealth'] });
  token = await login(t.app, tenant.credentials);
});
afterAll(() => t.close());

describe('input the database would choke on', () => {
  it('refuses a NUL character before sign-in, naming the field', async () => {
    const response = await post(t.app, '/auth/v0/login', {
      payload: { username: 'de\u0000mo', company: 'Acme', password: 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'ValidationError',
      issues: [
        { path: ['username'], message: 'validation.invalidCharacter', params: { character: 'U+0000' } },
      ],
    });
  });

  it('refuses a NUL character in a signed-in search', async () => {
    const response = await post(t.app, '/platform/wealth/client-list', {
      token,
      payload: { search: '\u0000' },
    });
    expect(response.statusCode).toBe(400);
  });

  it('refuses year 0 in dates and in cursors with validation.invalid', async () => {
    const dated = await post(t.app, '/platform/wealth/product-transaction-list', {
      token,
      payload: { client_id: crypto.randomUUID(), product_id: crypto.randomUUID(), date_from: '0000-01-01' },
    });
    expect(dated.statusCode).toBe(400);
    expect(dated.json().error.issues[0]).toMatchObject({
      path: ['date_from'],
      message: 'validation.invalid',
    });

    const cursor = Buffer.from('0000-01-01|5').toString('base64url');
    const paged = await post(t.app, '/platform/wealth/product-transaction-list', {
      token,
      payload: { client_id: crypto.randomUUID(), product_id: crypto.randomUUID(), cursor },
    });
    expect(paged.statusCode).toBe(400);
  });
});

describe('bodies nested too deep', () => {
  const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
  const sendRaw = (url: string, payload: string, token?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload,
    });

  it('answers a 100,000-deep body with 400 NestingTooDeep, before sign-in and on signed-in calls', async () => {
    for (const response of [
      await sendRaw('/auth/v0/login', nested(100_000)),
      await sendRaw('/platform/wealth/client-list', nested(100_000), token),
      await sendRaw('/auth/v0/login', `{"company":${nested(3_000)}}`),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('NestingTooDeep');
    }
  });

  it('allows the nesting real calls use, and ignores brackets inside strings', async () => {
    expect(isNestedDeeperThan(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(isNestedDeeperThan(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(isNestedDeeperThan(JSON.stringify({ a: '[[[[{{{{\\"[[[[' }), 2)).toBe(false);
    const response = await sendRaw(
      '/auth/v0/login',
      JSON.stringify({ company: '[[[[[[', username: 'x', password: 'y' }),
    );
    expect(response.json().error.code).toBe('LoginFailed');
  });

  it('scans any depth for NUL characters without recursion, naming each path', () => {
    let deep: unknown = 'a\u0000b';
    for (let level = 0; level < 100_000; level++) deep = [deep];
    const [path] = findNulCharacters(deep);
    expect(path).toHaveLength(100_000);
    expect(findNulCharacters({ a: ['x', { 'k\u0000': 'v\u0000' }], b: 'ok' })).toEqual([
      ['a', 1, 'k\u0000'],
      ['a', 1, 'k\u0000'],
    ]);
  });
});

describe('logs', () => {
  it('mask one-time tokens in paths', () => {
    expect(maskPathTokens('/es/connect/abcDEF123_-x')).toBe('/es/connect/[redacted]');
    expect(maskPathTokens('/es/wealth/connections')).toBe('/es/wealth/connections');
  });

  it('never print a connect token from a request line', async () => {
    const capture = createLogCapture();
    const app = await createTestApp({ logger: capture.logger });
    await app.app.inject({ method: 'GET', url: '/es/connect/secret-token-value-1234567890' });
    await app.close();
    expect(capture.text()).not.toContain('secret-token-value-1234567890');
  });
});
