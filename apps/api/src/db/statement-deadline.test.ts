import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTcpRelay, type TcpRelay } from '../test/tcp-relay';
import { openTestDatabase } from '../test/test-database';
import { type DatabaseHandle, openDatabase } from './database';
import { isDatabaseUnavailable } from './errors';
import { migrate } from './migrate';
import { STATEMENT_DEADLINE, withoutStatementDeadline, withStatementDeadline } from './statement-deadline';

/** The client-side deadline on PostgreSQL statements (decision 0063). */
const serverUrl = process.env.DATABASE_URL;
const TIMEOUTS = { statementMs: 200, lockMs: 200, acquireMs: 1_000, deadlineMs: 400 };

const failureOf = (run: Promise<unknown>) =>
  run.then(
    () => null,
    (error: unknown) => error as { code?: string },
  );

describe.runIf(serverUrl)('a deadline on every statement (PostgreSQL)', () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openTestDatabase(TIMEOUTS);
  });
  afterAll(() => handle.close());

  it('leaves a statement the server can see to statement_timeout (57014, the connection kept)', async () => {
    const failure = await failureOf(sql`select pg_sleep(1)`.execute(handle.db));
    expect(failure?.code).toBe('57014');
  });

  it('ends a statement not answered within the deadline with a retriable error, and the pool heals', async () => {
    const startedAt = Date.now();
    const failure = await failureOf(
      handle.db.connection().execute(async (connection) => {
        // statement_timeout off for this session: only the deadline bounds it now.
        await sql`set statement_timeout = 0`.execute(connection);
        await sql`select pg_sleep(2)`.execute(connection);
      }),
    );
    expect(failure?.code).toBe(STATEMENT_DEADLINE);
    expect(isDatabaseUnavailable(failure)).toBe(true);
    expect(Date.now() - startedAt).toBeLessThan(2_000);
    // That connection was discarded (its statement_timeout = 0 with it); the next ones serve.
    const rows = await sql<{ statement_timeout: string }>`show statement_timeout`.execute(handle.db);
    expect(rows.rows[0]?.statement_timeout).toBe('200ms');
  });

  it('lets work that lifts the deadline run as long as it needs (migrations)', async () => {
    await withoutStatementDeadline(() =>
      handle.db.connection().execute(async (connection) => {
        await sql`set statement_timeout = 0`.execute(connection);
        try {
          await sql`select pg_sleep(0.6)`.execute(connection);
        } finally {
          await sql`reset statement_timeout`.execute(connection);
        }
      }),
    );
    expect(await migrate(handle.db)).toEqual([]);
  });

  it('takes a deadline of its own for a scope (the /ready probe)', async () => {
    // Within the pool's deadline and statement_timeout: only the scope's 100 ms can stop it.
    const failure = await failureOf(
      withStatementDeadline(100, () => sql`select pg_sleep(0.15)`.execute(handle.db)),
    );
    expect(failure?.code).toBe(STATEMENT_DEADLINE);
  });
});

describe.runIf(serverUrl)('closing while statements wait on a silent database', () => {
  let relay: TcpRelay;
  let direct: DatabaseHandle;

  beforeAll(async () => {
    direct = await openTestDatabase();
    const url = new URL(direct.connectionString ?? '');
    relay = await startTcpRelay({ host: url.hostname, port: Number(url.port || 5432) });
  });
  afterAll(async () => {
    await relay.close();
    await direct.close();
  });

  it('ends them at once instead of at their deadline', async () => {
    const handle = await openDatabase(
      { databaseUrl: relay.urlFor(direct.connectionString ?? '') },
      { statementMs: 30_000, lockMs: 5_000, acquireMs: 5_000, deadlineMs: 60_000 },
    );
    await sql`select 1`.execute(handle.db);
    relay.blackhole();
    try {
      const stuck = failureOf(sql`select 1`.execute(handle.db));
      await new Promise((resolve) => setTimeout(resolve, 100));
      const startedAt = Date.now();
      await handle.close();
      const failure = await stuck;
      // Far below its 60 s deadline.
      expect(Date.now() - startedAt).toBeLessThan(2_000);
      expect(isDatabaseUnavailable(failure)).toBe(true);
    } finally {
      relay.forward();
    }
  });
});
