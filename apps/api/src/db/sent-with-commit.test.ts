import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database';
import type { DatabaseHandle } from './database';
import type { Database } from './schema';
import { type DeferredStatement, executeWithCommit } from './sent-with-commit';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
  await sql`create table sent_with_commit_probe (
    key text primary key, body text, amount int, at timestamptz, note jsonb
  )`.execute(handle.db);
});
afterAll(() => handle.close());

const PROBE: DeferredStatement = {
  name: 'caudal_test_probe',
  sql: `insert into sent_with_commit_probe (key, body, amount, at, note) values ($1, $2, $3, $4::timestamptz, $5::jsonb)`,
};

function sendProbe(
  trx: Kysely<Database>,
  ...values: [key: string, body: string | null, amount: number | null, at: Date | null, note: string]
) {
  return executeWithCommit(trx, PROBE, values);
}

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
      await sendProbe(trx, 'values', body, 42, at, note);
    });
    expect(await readProbe('values')).toEqual({
      body,
      amount: 42,
      at,
      note: { old: "it's", new: 'a\\b' },
    });
    await handle.db.transaction().execute(async (trx) => {
      await sendProbe(trx, 'nulls', null, null, null, 'null');
    });
    expect(await readProbe('nulls')).toEqual({ body: null, amount: null, at: null, note: null });
  });

  it('runs before any later statement of its transaction, which sees what it wrote', async () => {
    const seen = await handle.db.transaction().execute(async (trx) => {
      await sendProbe(trx, 'ordered', 'x', 1, null, '{}');
      const { rows } = await sql<{ count: number }>`
        select count(*)::int as count from sent_with_commit_probe where key = 'ordered'`.execute(trx);
      return rows[0]?.count;
    });
    expect(seen).toBe(1);
    expect(await readProbe('ordered')).toMatchObject({ body: 'x' });
  });

  it('failing, skips the COMMIT: the whole transaction rolls back and the connection stays usable', async () => {
    await handle.db.transaction().execute(async (trx) => {
      await sendProbe(trx, 'taken', 'first', 1, null, '{}');
    });
    const attempt = handle.db.transaction().execute(async (trx) => {
      await sql`insert into sent_with_commit_probe (key, body) values ('before-failure', 'y')`.execute(trx);
      await sendProbe(trx, 'taken', 'second', 2, null, '{}');
    });
    await expect(attempt).rejects.toMatchObject({ code: '23505' });
    expect(await readProbe('before-failure')).toBeUndefined();
    expect(await readProbe('taken')).toMatchObject({ body: 'first' });
    await handle.db.transaction().execute(async (trx) => {
      await sendProbe(trx, 'after-failure', 'z', 3, null, '{}');
    });
    expect(await readProbe('after-failure')).toMatchObject({ body: 'z' });
  });

  it('never runs when its transaction rolls back', async () => {
    const attempt = handle.db.transaction().execute(async (trx) => {
      await sendProbe(trx, 'rolled-back', 'x', 1, null, '{}');
      throw new Error('the change fails after the statement was deferred');
    });
    await expect(attempt).rejects.toThrow('the change fails');
    expect(await readProbe('rolled-back')).toBeUndefined();
  });

  it('refuses to run outside a transaction, and values other than strings, numbers, dates and null', async () => {
    await expect(sendProbe(handle.db, 'outside', 'x', 1, null, '{}')).rejects.toThrow('inside a transaction');
    const attempt = handle.db.transaction().execute(async (trx) => {
      await executeWithCommit(trx, { name: 'caudal_test_object', sql: 'select $1::jsonb' }, [
        { an: 'object' },
      ]);
    });
    await expect(attempt).rejects.toThrow('strings, numbers, dates and null');
    expect(await readProbe('outside')).toBeUndefined();
  });
});

describe('the prepared statement behind it', () => {
  it('is prepared once per session: after a rolled-back transaction prepared it, the next one still runs', async () => {
    const RETRIED: DeferredStatement = {
      name: 'caudal_test_retried',
      sql: 'insert into sent_with_commit_probe (key, body) values ($1, $2)',
    };
    // On PGlite every transaction shares the one session; on PostgreSQL one pooled session is enough to
    // hit the case, so the test runs several transactions one after another.
    for (let round = 0; round < 3; round++) {
      const failed = handle.db.transaction().execute(async (trx) => {
        await executeWithCommit(trx, RETRIED, [`retried-${round}`, 'kept?']);
        throw new Error('rolled back after preparing');
      });
      await expect(failed).rejects.toThrow('rolled back after preparing');
      await handle.db.transaction().execute(async (trx) => {
        await executeWithCommit(trx, RETRIED, [`retried-${round}`, 'written']);
      });
      expect(await readProbe(`retried-${round}`)).toMatchObject({ body: 'written' });
    }
  });

  it('refuses a second statement under a name already taken, and names that are not identifiers', async () => {
    const attempt = handle.db.transaction().execute(async (trx) => {
      await executeWithCommit(trx, { name: 'caudal_test_probe', sql: 'select $1::text' }, ['x']);
    });
    await expect(attempt).rejects.toThrow('Two statements are named caudal_test_probe');
    const badName = handle.db.transaction().execute(async (trx) => {
      await executeWithCommit(trx, { name: 'x; drop table clients', sql: 'select 1' }, []);
    });
    await expect(badName).rejects.toThrow('Not a statement name');
  });
});
