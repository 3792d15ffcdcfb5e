import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStatementRunner } from './pglite-statements';

let pglite: PGlite;

beforeAll(async () => {
  pglite = new PGlite();
  await pglite.exec(`create table notes (id serial primary key, body text not null, tags text[],
    meta jsonb, done boolean, due timestamptz)`);
});
afterAll(async () => {
  await pglite.close();
});

async function preparedCount(): Promise<number> {
  const { rows } = await pglite.query<{ count: number }>(
    "select count(*)::int as count from pg_prepared_statements where name like 'caudal\\_%'",
  );
  return rows[0]?.count ?? -1;
}

describe('createStatementRunner', () => {
  it('parses a statement once and runs it again by name, with the same results as PGlite.query', async () => {
    await pglite.exec('deallocate all');
    const runner = createStatementRunner(pglite);
    const insert = 'insert into notes (body, tags, meta, done, due) values ($1, $2, $3, $4, $5) returning *';
    const due = new Date('2026-11-24T10:00:00Z');
    const first = await runner.query(insert, ['a', ['x', 'y'], { n: 1 }, true, due]);
    const second = await runner.query(insert, ['b', null, null, false, null]);
    expect(runner.size).toBe(1);
    expect(await preparedCount()).toBe(1);
    expect(first.rows).toEqual([{ id: 1, body: 'a', tags: ['x', 'y'], meta: { n: 1 }, done: true, due }]);
    expect(second.rows).toEqual([{ id: 2, body: 'b', tags: null, meta: null, done: false, due: null }]);
    expect(first.affectedRows).toBe(1);

    const select = 'select id, body from notes where id = any($1) and body <> $2 order by id';
    const viaRunner = await runner.query(select, [[1, 2], 'z']);
    const viaQuery = await pglite.query(select, [[1, 2], 'z']);
    expect(viaRunner.rows).toEqual(viaQuery.rows);
    expect(viaRunner.fields).toEqual(viaQuery.fields);
  });

  it('passes database errors through with their SQLSTATE, and the connection stays usable', async () => {
    const runner = createStatementRunner(pglite);
    await expect(runner.query('select * from missing_table where id = $1', [1])).rejects.toMatchObject({
      code: '42P01',
    });
    await expect(runner.query('select 1 / $1::int as x', [0])).rejects.toMatchObject({ code: '22012' });
    expect((await runner.query('select 1 / $1::int as x', [1])).rows).toEqual([{ x: 1 }]);
  });

  it('runs inside a transaction the caller owns, and a rollback undoes its writes', async () => {
    const runner = createStatementRunner(pglite);
    await pglite.exec('begin');
    await runner.query('insert into notes (body) values ($1)', ['rolled back']);
    await expect(runner.query('insert into notes (body) values ($1)', [null])).rejects.toMatchObject({
      code: '23502',
    });
    // An aborted transaction refuses everything until it ends, prepared or not.
    await expect(
      runner.query('select count(*)::int as n from notes where body = $1', ['x']),
    ).rejects.toMatchObject({ code: '25P02' });
    await pglite.exec('rollback');
    const { rows } = await runner.query('select count(*)::int as n from notes where body = $1', [
      'rolled back',
    ]);
    expect(rows).toEqual([{ n: 0 }]);
  });

  it('keeps at most its capacity of statements, closing the least recently used', async () => {
    await pglite.exec('deallocate all');
    const runner = createStatementRunner(pglite, 3);
    for (let size = 1; size <= 6; size += 1) {
      const list = Array.from({ length: size }, (_, index) => `$${index + 1}`).join(', ');
      await runner.query(`select count(*)::int as n from notes where id in (${list})`, Array(size).fill(1));
    }
    expect(runner.size).toBe(3);
    expect(await preparedCount()).toBe(3);
  });

  it('parses a statement again after a schema change made its cached plan stale', async () => {
    const runner = createStatementRunner(pglite);
    await pglite.exec('create table shapes (id int, name text)');
    await pglite.exec("insert into shapes values (1, 'one')");
    const select = 'select * from shapes where id = $1';
    expect((await runner.query(select, [1])).rows).toEqual([{ id: 1, name: 'one' }]);
    await pglite.exec('alter table shapes add column sides int');
    // PostgreSQL refuses a prepared `select *` whose columns changed; the next call prepares it anew.
    await expect(runner.query(select, [1])).rejects.toMatchObject({ code: '0A000' });
    expect((await runner.query(select, [1])).rows).toEqual([{ id: 1, name: 'one', sides: null }]);
    // The stale statement was closed with the new one's Parse, not left prepared in the session.
    expect(runner.size).toBe(1);
    expect(
      (
        await pglite.query<{ count: number }>(
          'select count(*)::int as count from pg_prepared_statements where statement = $1',
          [select],
        )
      ).rows,
    ).toEqual([{ count: 1 }]);
  });

  it('a statement evicted while a transaction is aborted is closed once the session can run again', async () => {
    await pglite.exec('deallocate all');
    const runner = createStatementRunner(pglite, 1);
    await runner.query('select $1::int as a', [1]);
    await pglite.exec('begin');
    await expect(runner.query('select $1::int / 0 as b', [1])).rejects.toMatchObject({ code: '22012' });
    // Evicting for a third text happens while the transaction refuses everything.
    await expect(runner.query('select $1::int as c', [3])).rejects.toMatchObject({ code: '25P02' });
    await pglite.exec('rollback');
    expect((await runner.query('select $1::int as c', [3])).rows).toEqual([{ c: 3 }]);
    expect(runner.size).toBe(1);
    expect(await preparedCount()).toBe(1);
  });
});
