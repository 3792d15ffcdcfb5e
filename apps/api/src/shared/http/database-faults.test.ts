import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../db/errors';
import { holdConnections } from '../../test/hold-connections';
import { createTenant, createTestApp, login, post, type TestApp } from '../../test/test-app';

/**
 * The database failing under the API: connections dropped while in use (a restart, a failover), a
 * table held by LOCK TABLE, every connection busy. The process stays up, /health answers, the calls
 * caught in it get a retriable 503 ServiceUnavailable, and the next calls succeed without a restart.
 */
const serverUrl = process.env.DATABASE_URL;
/** Each wait in this file is far below what a test allows: a hang shows as a 200 after the release. */
const TIMEOUTS = { DB_LOCK_TIMEOUT_MS: '300', DB_ACQUIRE_TIMEOUT_MS: '1000', READY_TIMEOUT_MS: '200' };
const RELEASE_AFTER_MS = 4_000;

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({
    env: TIMEOUTS,
    registerExtra: (app) => {
      app.post('/test/slow-query', async () => {
        // Long enough to be caught in flight however slow the machine; the test terminates it.
        await sql`select pg_sleep(10)`.execute(app.deps.db);
        return { ok: true };
      });
    },
  });
  const tenant = await createTenant(t.db);
  token = await login(t.app, tenant.credentials);
});
afterAll(() => t.close());

const me = () => post(t.app, '/platform/me', { token });
const liveness = () => t.app.inject({ method: 'GET', url: '/health' });
const readiness = () => t.app.inject({ method: 'GET', url: '/ready' });

function expectRetriable(response: Awaited<ReturnType<typeof me>>) {
  expect(response.statusCode).toBe(503);
  expect(response.json().error.code).toBe('ServiceUnavailable');
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

describe('every connection busy', () => {
  it('answers 503 ServiceUnavailable once the acquire timeout fires; liveness stays up; then recovers', async () => {
    // PGlite has one connection behind a mutex; the PostgreSQL pool has 10.
    const release = await holdConnections(t.db, t.handle.kind === 'pglite' ? 1 : 10, RELEASE_AFTER_MS);
    expectRetriable(await me());
    expect((await liveness()).statusCode).toBe(200);
    const ready = await readiness();
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'error', database: 'down' });
    await release();
    expect((await me()).statusCode).toBe(200);
    expect((await readiness()).json()).toMatchObject({ status: 'ok', database: 'up' });
  });
});

/**
 * A pooled connection the server dropped while idle fails the call that draws it before the pool has
 * noticed: that call gets the retriable 503, and within a few tries calls succeed again, no restart.
 */
async function expectRecovery() {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const response = await me();
    if (response.statusCode === 200) return;
    expectRetriable(response);
    expect(Date.now()).toBeLessThan(deadline);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.runIf(serverUrl)('PostgreSQL failing under the API', () => {
  async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      return await run(client);
    } finally {
      await client.end();
    }
  }
  const databaseName = () => new URL(t.handle.connectionString ?? '').pathname.slice(1);

  /** Waits until `count` of the slow calls' statements run in the database (a fixed sleep raced them). */
  async function waitForSleepingQueries(count: number) {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const running = await admin(async (client) => {
        const result = await client.query(
          `select count(*)::int as running from pg_stat_activity
           where datname = $1 and state = 'active' and query like '%pg_sleep%' and pid <> pg_backend_pid()`,
          [databaseName()],
        );
        return (result.rows[0] as { running: number }).running;
      });
      if (running >= count) return;
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('answers 503 while the database refuses connections (ALLOW_CONNECTIONS false), then recovers', async () => {
    const allow = (isAllowed: boolean) =>
      admin((client) =>
        client.query(`alter database "${databaseName()}" allow_connections ${isAllowed ? 'true' : 'false'}`),
      );
    await allow(false);
    try {
      // The pool's open connections are dropped too, so the next call must open a new one, refused.
      await admin((client) =>
        client.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [databaseName()],
        ),
      );
      // A connection the pool held before the drop fails first (57P01); the next calls open new ones,
      // which the database refuses (55000): "not now" too, never a 500.
      for (let call = 0; call < 3; call += 1) expectRetriable(await me());
      expect((await liveness()).statusCode).toBe(200);
    } finally {
      await allow(true);
    }
    await expectRecovery();
  });

  it('survives its in-use connections being terminated (57P01): 503 for those calls, then recovers', async () => {
    const inFlight = Array.from({ length: 3 }, () => post(t.app, '/test/slow-query'));
    await waitForSleepingQueries(3);
    const terminated = await admin(async (client) => {
      const result = await client.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [databaseName()],
      );
      return result.rowCount;
    });
    expect(terminated).toBeGreaterThanOrEqual(3);
    for (const response of await Promise.all(inFlight)) expectRetriable(response);
    expect((await liveness()).statusCode).toBe(200);
    await expectRecovery();
  });

  it('survives a connection terminated while checked out between statements (in a transaction)', async () => {
    let terminate!: () => void;
    const terminated = new Promise<void>((resolve) => {
      terminate = resolve;
    });
    const transaction = t.db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      terminate();
      // The client is checked out and idle in the transaction when the server drops it.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await sql`select 1`.execute(trx);
    });
    await terminated;
    await admin((client) =>
      client.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [databaseName()],
      ),
    );
    const failure = await transaction.then(
      () => null,
      (error: unknown) => error,
    );
    expect(isDatabaseUnavailable(failure)).toBe(true);
    // The pool's idle connections were terminated too: one drawn before the pool noticed answers 503.
    await expectRecovery();
  });

  it('gives up on a table held by LOCK TABLE after the lock timeout, then recovers', async () => {
    const client = new pg.Client({ connectionString: t.handle.connectionString ?? '' });
    await client.connect();
    try {
      await client.query('begin');
      await client.query('lock table sessions in access exclusive mode');
      const safety = setTimeout(() => void client.query('rollback'), RELEASE_AFTER_MS);
      expectRetriable(await me());
      expect((await liveness()).statusCode).toBe(200);
      clearTimeout(safety);
      await client.query('rollback');
    } finally {
      await client.end();
    }
    expect((await me()).statusCode).toBe(200);
  });
});
