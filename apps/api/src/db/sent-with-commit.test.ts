import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database';
import type { DatabaseHandle } from './database';
import { executeWithCommit } from './sent-with-commit';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
  await sql`create table sent_with_commit_probe (
    key text primary key, body text, amount int, at timestamptz, note jsonb
  )`.execute(handle.db);
}, 60_000);
afterAll(() => handle.close());

const probe = (key: string, body: string | null, amount: number | null, at: Date | null, note: string) =>
  sql`insert into sent_with_commit_probe (key, body, amount, at, note)
      values (${key}, ${body}, ${amount}, ${at}::timestamptz, ${note}::jsonb)`;

async function readProbe(key: string) {
  const { rows } = await sql<{
    body: string | null;
    amount: number | null;
    at: Date | null;
    note: unknown;
  }>`select body, amount, at, note from sent_with_commit_probe where key = ${key}`.execute(handle.db);
  return rows[0];
}

describe('a statement sent with the COMMIT', () => {
  it('writes its values exactly as parameters would: quotes, backslashes, $1, accents, newlines, null', async () => {
    const body = `O'Brien \\ "q" $1 $2 ñandú\n€ -- not a comment; commit; ''`;
    const at = new Date('2026-11-26T13:30:00.123Z');
    const note = JSON.stringify({ old: "it's", new: 'a\\b' });
    await handle.db.transaction().execute(async (trx) => {
      await executeWithCommit(trx, probe('values', body, 42, at, note));
    });
    expect(await readProbe('values')).toEqual({
      body,
      amount: 42,
      at,
      note: { old: "it's", new: 'a\\b' },
    });
    await handle.db.transaction().execute(async (trx) => {
      await executeWithCommit(trx, probe('nulls', null, null, null, 'null'));
    });
    expect(await readProbe('nulls')).toEqual({ body: null, amount: null, at: null, note: null });
  });

  it('runs before any later statement of its transaction, which sees what it wrote', async () => {
    const seen = await handle.db.transaction().execute(async (trx) => {
      await executeWithCommit(trx, probe('ordered', 'x', 1, null, '{}'));
      const { rows } = await sql<{ count: number }>`
        select count(*)::int as count from sent_with_commit_probe where key = 'ordered'`.execute(trx);
      return rows[0]?.count;
    });
    expect(seen).toBe(1);
    expect(await readProbe('ordered')).toMatchObject({ body: 'x' });
  });

  it('failing, skips the COMMIT: the whole transaction rolls back and the connection stays usable', async () => {
    await handle.db.transaction().execute(async (trx) => {
      await executeWithCommit(trx, probe('taken', 'first', 1, null, '{}'));
    });
    const attempt = handle.db.transaction().execute(async (trx) => {
      await sql`insert into sent_with_commit_probe (key, body) values ('before-failure', 'y')`.execute(trx);
      await executeWithCommit(trx, probe('taken', 'second', 2, null, '{}'));
    });
    await expect(attempt).rejects.toMatchObject({ code: '23505' });
    expect(await readProbe('before-failure')).toBeUndefined();
    expect(await readProbe('taken')).toMatchObject({ body: 'first' });
    await handle.db.transaction().execute(async (trx) => {
      await executeWithCommit(trx, probe('after-failure', 'z', 3, null, '{}'));
    });
    expect(await readProbe('after-failure')).toMatchObject({ body: 'z' });
  });

  it('never runs when its transaction rolls back', async () => {
    const attempt = handle.db.transaction().execute(async (trx) => {
      await executeWithCommit(trx, probe('rolled-back', 'x', 1, null, '{}'));
      throw new Error('the change fails after the statement was deferred');
    });
    await expect(attempt).rejects.toThrow('the change fails');
    expect(await readProbe('rolled-back')).toBeUndefined();
  });

  it('refuses to run outside a transaction, and values other than strings, numbers, dates and null', async () => {
    await expect(executeWithCommit(handle.db, probe('outside', 'x', 1, null, '{}'))).rejects.toThrow(
      'inside a transaction',
    );
    const attempt = handle.db.transaction().execute(async (trx) => {
      await executeWithCommit(trx, sql`select ${{ an: 'object' }}::jsonb`);
    });
    await expect(attempt).rejects.toThrow('strings, numbers, dates and null');
    expect(await readProbe('outside')).toBeUndefined();
  });
});
