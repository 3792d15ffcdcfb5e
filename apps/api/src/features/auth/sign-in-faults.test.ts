import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp, type TestApp } from '../../test/test-app';
import { toLockoutKey } from './auth.repository';

/** Another session holding a lock needs a second connection: PostgreSQL only. */
const serverUrl = process.env.DATABASE_URL;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { DB_LOCK_TIMEOUT_MS: '300', LOGIN_MAX_FAILURES: '2' } });
});
afterAll(() => t.close());

const signIn = (credentials: { company: string; username: string; password: string }) =>
  t.app.inject({ method: 'POST', url: '/auth/v0/login', payload: credentials });

describe.runIf(serverUrl)('signing in while the database is stuck', () => {
  it('answers a retriable 503 that counts as no failure, so a brownout locks nobody out', async () => {
    const tenant = await createTenant(t.db);
    const blocker = new pg.Client({ connectionString: t.handle.connectionString ?? '' });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('lock table users in access exclusive mode');
      // More attempts than the lockout allows, each stuck on the user lookup.
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const stuck = await signIn(tenant.credentials);
        expect(stuck.statusCode).toBe(503);
        expect(stuck.json().error.code).toBe('ServiceUnavailable');
      }
      await blocker.query('rollback');
    } finally {
      await blocker.end();
    }

    const key = toLockoutKey(tenant.credentials.company, tenant.credentials.username);
    const failures = await t.db
      .selectFrom('login_failures')
      .select(['failed_count', 'locked_until'])
      .where('company_key', '=', key.company)
      .where('username_key', '=', key.username)
      .executeTakeFirst();
    expect(failures).toMatchObject({ failed_count: 0, locked_until: null });
    expect((await signIn(tenant.credentials)).statusCode).toBe(200);
  });
});
