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
