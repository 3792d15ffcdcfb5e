import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database';
import type { DatabaseHandle } from './database';
import { isDatabaseUnavailable } from './errors';
import { preparingStatements } from './prepared-pool';

const serverUrl = process.env.DATABASE_URL;

describe.runIf(serverUrl)('statements prepared per connection (PostgreSQL)', () => {
  let handle: DatabaseHandle;
  let pool: pg.Pool;
  let db: Kysely<Record<string, never>>;

  beforeAll(async () => {
    handle = await openTestDatabase();
    // One connection, so every statement below meets the same session and its prepared statements.
    pool = new pg.Pool({ connectionString: handle.connectionString ?? '', max: 1 });
    db = new Kysely({
      dialect: new PostgresDialect({ pool: preparingStatements(pool, { capacity: 3, maxParameters: 4 }) }),
    });
    await sql`create table prepared_probe (id int primary key, label text)`.execute(db);
  });
  afterAll(async () => {
    await db.destroy();
    await handle.close();
  });

  const prepared = async () =>
    (
      await sql<{
        statement: string;
      }>`select statement from pg_prepared_statements order by prepare_time`.execute(db)
    ).rows.map((row) => row.statement);

  it('parses a statement with values once and keeps it, and sends one without values as before', async () => {
    for (let run = 0; run < 3; run++) await sql`select ${run}::int as n`.execute(db);
    await sql`select 1 as n`.execute(db);
    expect(await prepared()).toEqual(['select $1::int as n']);
  });

  it('keeps at most its capacity, deallocating the least recently used', async () => {
    const widths = [1, 2, 3, 4];
    for (const width of widths) {
      await sql`select ${sql.join(Array.from({ length: width }, (_, i) => sql`${i}::int`))}`.execute(db);
    }
    // The eviction's DEALLOCATE went ahead of this read on the one connection.
    expect(await prepared()).toEqual([
      'select $1::int, $2::int',
      'select $1::int, $2::int, $3::int',
      'select $1::int, $2::int, $3::int, $4::int',
    ]);
    // An evicted statement runs again (parsed anew).
    expect((await sql<{ n: number }>`select ${7}::int as n`.execute(db)).rows).toEqual([{ n: 7 }]);
  });

  it('sends a bulk statement (more values than the limit) unprepared', async () => {
    const before = await prepared();
    const values = [1, 2, 3, 4, 5].map((id) => sql`(${id}::int, 'bulk')`);
    await sql`insert into prepared_probe (id, label) values ${sql.join(values)}`.execute(db);
    expect(await prepared()).toEqual(before);
  });

  it('plans a text search for each pattern (sent unprepared)', async () => {
    const before = await prepared();
    await sql`select label from prepared_probe where label like ${'bu%'}`.execute(db);
    await sql`select label from prepared_probe where label like ${'x%'}`.execute(db);
    expect(await prepared()).toEqual(before);
  });

  it('runs a statement again after it failed in a transaction that rolled back', async () => {
    const insert = (id: number, on: Kysely<Record<string, never>> = db) =>
      sql`insert into prepared_probe (id, label) values (${id}, ${'x'})`.execute(on);
    await insert(100);
    await expect(db.transaction().execute((trx) => insert(100, trx))).rejects.toMatchObject({
      code: '23505',
    });
    await insert(101);
    const rows = await sql<{
      id: number;
    }>`select id from prepared_probe where id >= ${100} order by id`.execute(db);
    expect(rows.rows).toEqual([{ id: 100 }, { id: 101 }]);
    expect(await prepared()).toContain('insert into prepared_probe (id, label) values ($1, $2)');
  });

  it('runs a statement made stale by a schema change again at once, outside a transaction', async () => {
    const read = (on: Kysely<Record<string, never>> = db) =>
      sql<{ label: string }>`select * from prepared_probe where id = ${100}`.execute(on);
    for (let run = 0; run < 6; run++) await read();
    await sql`alter table prepared_probe add column note text`.execute(db);
    expect((await read()).rows).toEqual([{ id: 100, label: 'x', note: null }]);
    // In a transaction the stale plan fails the statement, and with it the transaction, once.
    for (let run = 0; run < 6; run++) await read();
    await sql`alter table prepared_probe add column extra text`.execute(db);
    const failure = await db
      .transaction()
      .execute((trx) => read(trx))
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: '0A000' });
    // Answered as a retriable 503: the retry below prepares it anew and succeeds.
    expect(isDatabaseUnavailable(failure)).toBe(true);
    expect(isDatabaseUnavailable({ code: '0A000', message: 'a feature not supported' })).toBe(false);
    expect((await read()).rows).toEqual([{ id: 100, label: 'x', note: null, extra: null }]);
  });
});
