// The suite's PostgreSQL databases and the faults it applies to them, through a superuser connection.
import pg from 'pg';

export const SERVER_URL = process.env.SUITE_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function databaseUrl(name: string): string {
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withClient<T>(name: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl(name) });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function createDatabase(name: string, options: { dropFirst: boolean }): Promise<void> {
  assertName(name);
  await withClient('postgres', async (client) => {
    if (options.dropFirst) await client.query(`drop database if exists ${name} with (force)`);
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database ${name}`);
  });
}

export async function dropDatabase(name: string): Promise<void> {
  assertName(name);
  await withClient('postgres', (client) => client.query(`drop database if exists ${name} with (force)`));
}

/** Ends every connection to the database (as a restart or failover does); returns how many. */
export async function terminateBackends(name: string): Promise<number> {
  return withClient('postgres', async (client) => {
    const result = await client.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    return result.rowCount ?? 0;
  });
}

/** While false, the server refuses new connections to this database (and only this one). */
export async function allowConnections(name: string, allow: boolean): Promise<void> {
  assertName(name);
  await withClient('postgres', (client) =>
    client.query(`alter database ${name} with allow_connections ${allow ? 'true' : 'false'}`),
  );
}

export async function serverVersion(): Promise<string> {
  return withClient('postgres', async (client) => {
    const result = await client.query<{ server_version: string }>('show server_version');
    return result.rows[0]?.server_version ?? 'unknown';
  });
}

function assertName(name: string) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unexpected database name: ${name}`);
}

/**
 * What autovacuum would have done by now: dead rows cleared and fresh planner statistics for the tables
 * a load grows and rewrites (exports, audit events and their markers, sessions, jobs, the writers'
 * clients). Only when autovacuum is off on the server (this machine's CI settings turn it off): with
 * statistics from when `exports` was nearly empty, the export list sorted every row of the company
 * instead of reading 50 in index order (3.3 ms against 0.1 ms); and without the vacuum each run of the
 * suite on the same database left the next more dead rows to step over (2026-11-27: after four runs,
 * twice as many dead export rows as live ones, and 10–15 % more CPU per call).
 * Returns whether it ran.
 */
export async function vacuumIfNoAutovacuum(name: string): Promise<boolean> {
  assertName(name);
  return withClient(name, async (client) => {
    const setting = await client.query<{ autovacuum: string }>('show autovacuum');
    if (setting.rows[0]?.autovacuum === 'on') return false;
    await client.query('vacuum (analyze)');
    return true;
  });
}
