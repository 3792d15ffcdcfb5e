import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { type DatabaseHandle, openDatabase } from '../../db/database';
import { startTcpRelay, type TcpRelay } from '../../test/tcp-relay';
import { createTenant, createTestApp, login, post, type TestApp } from '../../test/test-app';

/**
 * PostgreSQL behind a relay that blackholes (decision 0063): connections stay open and nothing comes
 * back, as in a network partition or a frozen server. statement_timeout never fires (the server never
 * got the statement); the client's deadline does. Every call caught in it answers a retriable 503
 * within the deadline, /health stays fast, /ready is 503; once the relay forwards again the same app,
 * not restarted, answers calls and /ready 200.
 */
const serverUrl = process.env.DATABASE_URL;
const DEADLINE_MS = 2_000;
const ACQUIRE_MS = 1_000;
const TIMEOUTS = {
  DB_STATEMENT_TIMEOUT_MS: '1000',
  DB_STATEMENT_DEADLINE_MS: String(DEADLINE_MS),
  DB_LOCK_TIMEOUT_MS: '300',
  DB_ACQUIRE_TIMEOUT_MS: String(ACQUIRE_MS),
  READY_TIMEOUT_MS: '300',
};
/** Waiting for a slot or a connection, then a statement's deadline; the rest is slack for slow machines. */
const ANSWER_WITHIN_MS = ACQUIRE_MS + DEADLINE_MS + 3_000;

describe.runIf(serverUrl)('PostgreSQL unreachable without a word (a blackholing relay)', () => {
  let base: TestApp;
  let relay: TcpRelay;
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let token: string;

  beforeAll(async () => {
    base = await createTestApp({ env: TIMEOUTS });
    const tenant = await createTenant(base.db);
    const direct = new URL(base.handle.connectionString ?? '');
    relay = await startTcpRelay({ host: direct.hostname, port: Number(direct.port || 5432) });
    handle = await openDatabase(
      { databaseUrl: relay.urlFor(direct.toString()) },
      base.config.databaseTimeouts,
    );
    app = await buildApp({
      webRoot: null,
      clock: base.clock,
      config: base.config,
      db: handle.db,
      registerExtra: (extra) => {
        extra.post('/test/slow-query', async () => {
          // Answered by the server after the blackhole began: the answer never arrives.
          await sql`select pg_sleep(0.5)`.execute(handle.db);
          return { ok: true };
        });
      },
    });
    await app.ready();
    token = await login(app, tenant.credentials);
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
    await relay?.close();
    await base?.close();
  });

  const list = () => post(app, '/platform/wealth/client-list', { token, payload: {} });
  const create = (name: string, alias: string) =>
    post(app, '/platform/wealth/client-create', { token, payload: { name, alias } });
  const timed = async <T>(call: () => Promise<T>) => {
    const startedAt = Date.now();
    const response = await call();
    return { response, ms: Date.now() - startedAt };
  };

  async function waitForSleepingQueries(count: number) {
    const admin = new pg.Client({ connectionString: base.handle.connectionString ?? '' });
    await admin.connect();
    try {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const result = await admin.query(
          `select count(*)::int as running from pg_stat_activity
           where datname = current_database() and state = 'active' and query like '%pg_sleep%'
             and pid <> pg_backend_pid()`,
        );
        if ((result.rows[0] as { running: number }).running >= count) return;
        expect(Date.now()).toBeLessThan(deadline);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await admin.end();
    }
  }

  it('answers every call caught in it with a retriable 503 by the deadline, then recovers by itself', async () => {
    // The pool warmed: idle connections open through the relay, as in production.
    for (const response of await Promise.all(Array.from({ length: 8 }, list))) {
      expect(response.statusCode).toBe(200);
    }

    // Statements in flight when the network goes silent, and calls sent into the silence: on the
    // warm connections (their statements never arrive) and on new ones (their start-up never answers).
    const inFlight = Array.from({ length: 3 }, () => timed(() => post(app, '/test/slow-query')));
    await waitForSleepingQueries(3);
    relay.blackhole();
    const sent = [
      ...Array.from({ length: 15 }, () => timed(list)),
      timed(() => create('Caught in the partition', 'PARTITION')),
    ];

    const health = await timed(() => app.inject({ method: 'GET', url: '/health' }));
    expect(health.response.statusCode).toBe(200);
    expect(health.ms).toBeLessThan(1_000);
    const ready = await timed(() => app.inject({ method: 'GET', url: '/ready' }));
    expect(ready.response.statusCode).toBe(503);
    expect(ready.response.json()).toMatchObject({ status: 'error', database: 'down' });
    expect(ready.ms).toBeLessThan(ANSWER_WITHIN_MS);

    for (const { response, ms } of await Promise.all([...inFlight, ...sent])) {
      expect(response.statusCode).toBe(503);
      expect(response.json().error.code).toBe('ServiceUnavailable');
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      expect(ms).toBeLessThan(ANSWER_WITHIN_MS);
    }

    relay.forward();
    // Ready again as soon as the database answers: no connection is left waiting for an answer.
    const recoveredAt = Date.now();
    for (;;) {
      const response = await app.inject({ method: 'GET', url: '/ready' });
      if (response.statusCode === 200) break;
      expect(Date.now() - recoveredAt).toBeLessThan(ANSWER_WITHIN_MS);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(Date.now() - recoveredAt).toBeLessThan(ANSWER_WITHIN_MS);

    // The next calls all succeed, as many at once as the pool holds and more.
    const after = await Promise.all([
      ...Array.from({ length: 15 }, list),
      create('After the partition', 'AFTER'),
    ]);
    for (const response of after) expect(response.statusCode, response.body).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/ready' })).json()).toMatchObject({ database: 'up' });
  });
});
