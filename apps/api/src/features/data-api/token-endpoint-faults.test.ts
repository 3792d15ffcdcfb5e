import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdConnections } from '../../test/hold-connections';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInTenant } from '../wealth/wealth-fixtures';
import { createApplicationFor, requestToken } from './data-api-fixtures';

let t: TestApp;
let application: { client_id: string; client_secret: string };
beforeAll(async () => {
  t = await createTestApp({ env: { DB_ACQUIRE_TIMEOUT_MS: '1000' } });
  application = await createApplicationFor(await signInTenant(t), 'ERP');
});
afterAll(() => t.close());

describe('token endpoint with the database unavailable', () => {
  it('answers 503 temporarily_unavailable with Retry-After, then issues tokens again', async () => {
    const release = await holdConnections(t.db, t.handle.kind === 'pglite' ? 1 : 10);
    try {
      const refused = await requestToken(t.app, {
        clientId: application.client_id,
        secret: application.client_secret,
      });
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({
        error: 'temporarily_unavailable',
        error_description: expect.any(String),
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await release();
    }
    const issued = await requestToken(t.app, {
      clientId: application.client_id,
      secret: application.client_secret,
    });
    expect(issued.statusCode).toBe(200);
  });
});
