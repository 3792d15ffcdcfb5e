import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let direct: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  direct = await createTestApp();
  proxied = await createTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await direct.close();
  await proxied.close();
});

const hstsOf = (t: TestApp, headers: Record<string, string> = {}) =>
  t.app
    .inject({ method: 'GET', url: '/health', headers })
    .then((response) => response.headers['strict-transport-security']);

describe('Strict-Transport-Security', () => {
  it('is sent when a trusted proxy says the request came over HTTPS', async () => {
    expect(await hstsOf(proxied, { 'x-forwarded-proto': 'https' })).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });

  it('is not sent over plain HTTP, nor on an untrusted X-Forwarded-Proto', async () => {
    expect(await hstsOf(proxied, { 'x-forwarded-proto': 'http' })).toBeUndefined();
    expect(await hstsOf(direct)).toBeUndefined();
    expect(await hstsOf(direct, { 'x-forwarded-proto': 'https' })).toBeUndefined();
  });
});
