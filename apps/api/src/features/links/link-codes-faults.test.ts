import { links } from '@caudal/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInTenant } from '../wealth/wealth-fixtures';
import { connectThroughLink, createLinkFor, pendingCount } from './links-fixtures';

/** Another session holding a lock needs a second connection: PostgreSQL only. */
const serverUrl = process.env.DATABASE_URL;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { DB_LOCK_TIMEOUT_MS: '300' } });
});
afterAll(() => t.close());

describe.runIf(serverUrl)('exchanging a Link code while the database is stuck', () => {
  it('fails retriably and leaves the code unspent, so the retry gets it', async () => {
    const tenant = await signInTenant(t);
    const link = await createLinkFor(tenant);
    const { code } = await connectThroughLink(t, link.token);

    const blocker = new pg.Client({ connectionString: t.handle.connectionString ?? '' });
    await blocker.connect();
    try {
      // The spend itself goes through; what it unlocks cannot be read until the lock is gone.
      await blocker.query('begin');
      await blocker.query('lock table links in access exclusive mode');
      const stuck = await tenant.call(links.exchangeLinkCode.path, { code });
      expect(stuck.statusCode).toBe(503);
      expect(stuck.json().error.code).toBe('ServiceUnavailable');
      await blocker.query('rollback');
    } finally {
      await blocker.end();
    }

    expect(await pendingCount(tenant, link.token)).toBe(1);
    const retried = await tenant.call(links.exchangeLinkCode.path, { code });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().link_token).toBe(link.token);
    expect(await pendingCount(tenant, link.token)).toBe(0);
  });
});
