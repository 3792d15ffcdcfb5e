import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database';

const serverUrl = process.env.DATABASE_URL;

describe.runIf(serverUrl)('the PostgreSQL pool', () => {
  it('survives the server closing an idle connection, and reconnects for the next query', async () => {
    const handle = await openDatabase({ databaseUrl: serverUrl ?? '' });
    const { rows } = await sqlPid(handle.db);
    // Another session terminates our idle backend, as a server restart or failover would.
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
    await admin.end();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const after = await sqlPid(handle.db);
    expect(after.rows[0]?.pid).not.toBe(rows[0]?.pid);
    await handle.close();
  });
});

async function sqlPid(db: Awaited<ReturnType<typeof openDatabase>>['db']) {
  const { sql } = await import('kysely');
  return sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
}
