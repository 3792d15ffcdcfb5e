import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database';
import { afterCommit } from './after-commit';
import type { DatabaseHandle } from './database';
import { type DeferredStatement, executeWithCommit } from './sent-with-commit';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
  await sql`create table after_commit_probe (key text primary key)`.execute(handle.db);
});
afterAll(() => handle.close());

const PROBE: DeferredStatement = {
  name: 'caudal_after_commit_probe',
  sql: 'insert into after_commit_probe (key) values ($1)',
};

async function isWritten(key: string): Promise<boolean> {
  const { rows } = await sql`select 1 from after_commit_probe where key = ${key}`.execute(handle.db);
  return rows.length === 1;
}

describe('afterCommit', () => {
  it('runs once the transaction has committed, when its change can be read, and not before', async () => {
    const seen: boolean[] = [];
    let isCalled = false;
    await handle.db.transaction().execute(async (trx) => {
      await sql`insert into after_commit_probe (key) values ('committed')`.execute(trx);
      await afterCommit(trx, () => {
        isCalled = true;
        seen.push(true);
      });
      expect(isCalled).toBe(false);
    });
    expect(seen).toEqual([true]);
    expect(await isWritten('committed')).toBe(true);
  });

  it('never runs when the transaction rolls back, nor in the next transaction of the same connection', async () => {
    let calls = 0;
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await afterCommit(trx, () => {
          calls++;
        });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    // The next transactions (PGlite has one connection; a pool hands the same one back) run nothing left over.
    for (let index = 0; index < 3; index++) {
      await handle.db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx);
      });
    }
    expect(calls).toBe(0);
  });

  it('never runs when the COMMIT itself fails (a statement sent with it is refused)', async () => {
    await sql`insert into after_commit_probe (key) values ('taken')`.execute(handle.db);
    let calls = 0;
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await executeWithCommit(trx, PROBE, ['taken']);
        await afterCommit(trx, () => {
          calls++;
        });
      }),
    ).rejects.toThrow();
    await handle.db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
    });
    expect(calls).toBe(0);
  });

  it('runs at once outside a transaction (the statement before it committed on its own)', async () => {
    let calls = 0;
    await afterCommit(handle.db, () => {
      calls++;
    });
    expect(calls).toBe(1);
  });

  it('keeps the commit when a callback throws, and still runs the others', async () => {
    let calls = 0;
    await handle.db.transaction().execute(async (trx) => {
      await sql`insert into after_commit_probe (key) values ('kept')`.execute(trx);
      await afterCommit(trx, () => {
        throw new Error('a broken signal');
      });
      await afterCommit(trx, () => {
        calls++;
      });
    });
    expect(calls).toBe(1);
    expect(await isWritten('kept')).toBe(true);
  });
});
