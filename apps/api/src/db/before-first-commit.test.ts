import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database';
import { afterCommit } from './after-commit';
import { type BeforeFirstCommit, runOwingFirstCommit } from './before-first-commit';
import type { DatabaseHandle } from './database';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
  await sql`create table owed_probe (key text primary key, note text)`.execute(handle.db);
  await sql`create table owed_work_log (key text primary key)`.execute(handle.db);
});
afterAll(() => handle.close());

async function keysOf(table: 'owed_probe' | 'owed_work_log'): Promise<string[]> {
  const { rows } = await sql<{ key: string }>`select key from ${sql.table(table)} order by key`.execute(
    handle.db,
  );
  return rows.map((row) => row.key);
}

/** Owed work that writes its own row (as the audit event does), or fails when told to. */
function logging(key: string, isFailing = false): BeforeFirstCommit {
  return async (trx) => {
    await sql`insert into owed_work_log (key) values (${key})`.execute(trx);
    if (isFailing) throw new Error('the event cannot be written');
  };
}

// The tables are not in the schema's types: a lone write goes through the same root builders as any.
const probe = () => handle.db.withTables<{ owed_probe: { key: string; note: string | null } }>();

describe('a lone write while the call owes its work (issue 26: the event in the change’s transaction)', () => {
  it('commits with the work, in one transaction: a failing work leaves no change', async () => {
    await probe().insertInto('owed_probe').values({ key: 'kept', note: null }).execute();
    await expect(
      runOwingFirstCommit(logging('failing', true), async () => {
        await probe().deleteFrom('owed_probe').where('key', '=', 'kept').execute();
      }),
    ).rejects.toThrow('the event cannot be written');
    // Without the hook the delete committed on its own: the row was gone and no work was done.
    expect(await keysOf('owed_probe')).toContain('kept');
    expect(await keysOf('owed_work_log')).not.toContain('failing');
  });

  it('does the work once, in the first lone write that changed a row, with the written row', async () => {
    const values: unknown[] = [];
    const { isDone } = await runOwingFirstCommit(
      async (trx, value) => {
        values.push(value);
        await logging('updated')(trx, value);
      },
      async () => {
        // Matches nothing: the work stays owed.
        await probe().updateTable('owed_probe').set({ note: 'x' }).where('key', '=', 'absent').execute();
        await probe()
          .insertInto('owed_probe')
          .values({ key: 'created', note: null })
          .returning('key')
          .execute();
        await probe().updateTable('owed_probe').set({ note: 'y' }).where('key', '=', 'created').execute();
      },
    );
    expect(isDone).toBe(true);
    expect(values).toEqual([{ key: 'created' }]);
    expect(await keysOf('owed_work_log')).toContain('updated');
  });

  it('leaves the work owed by a write that changed nothing and by reads', async () => {
    const { isDone } = await runOwingFirstCommit(logging('never'), async () => {
      await probe().deleteFrom('owed_probe').where('key', '=', 'absent').execute();
      await probe().selectFrom('owed_probe').selectAll().execute();
      await sql`select count(*) from owed_probe`.execute(handle.db);
    });
    expect(isDone).toBe(false);
    expect(await keysOf('owed_work_log')).not.toContain('never');
  });

  it('is owed again when the transaction that took it fails: the call’s next change does it', async () => {
    let attempts = 0;
    const work: BeforeFirstCommit = async (trx, value) => {
      attempts += 1;
      if (attempts === 1) throw new Error('the event cannot be written now');
      await logging(`given-back-${String(value)}`)(trx, value);
    };
    const { isDone } = await runOwingFirstCommit(work, async () => {
      // A call that catches its first transaction's failure and commits another change.
      await handle.db
        .transaction()
        .execute(async (trx) => {
          await sql`insert into owed_probe (key) values ('first-try')`.execute(trx);
          return 'first';
        })
        .catch(() => undefined);
      await probe().insertInto('owed_probe').values({ key: 'second-try', note: null }).execute();
    });
    expect(isDone).toBe(true);
    expect(attempts).toBe(2);
    expect(await keysOf('owed_probe')).toEqual(expect.arrayContaining(['second-try']));
    expect(await keysOf('owed_probe')).not.toContain('first-try');
    expect(await keysOf('owed_work_log')).toContain('given-back-null');
  });

  it('is done by a transaction of a handle with more tables (withTables), as by the root’s', async () => {
    const { isDone } = await runOwingFirstCommit(logging('with-tables'), async () => {
      await probe()
        .transaction()
        .execute((trx) => trx.insertInto('owed_probe').values({ key: 'in-derived', note: null }).execute());
    });
    expect(isDone).toBe(true);
    expect(await keysOf('owed_work_log')).toContain('with-tables');
  });

  it.runIf(process.env.DATABASE_URL)(
    'runs again, once, a lone write whose prepared statement another migration made stale (PostgreSQL)',
    async () => {
      await probe().insertInto('owed_probe').values({ key: 'stale', note: null }).execute();
      const write = () =>
        probe()
          .updateTable('owed_probe')
          .set({ note: 'x' })
          .where('key', '=', 'stale')
          .returningAll()
          .execute();
      for (let run = 0; run < 6; run++) await write();
      // Its answer's columns change: the statement prepared on the connection can no longer run.
      await sql`alter table owed_probe add column stale_probe text`.execute(handle.db);
      const { isDone } = await runOwingFirstCommit(logging('after-stale'), async () => {
        expect(await write()).toEqual([{ key: 'stale', note: 'x', stale_probe: null }]);
      });
      expect(isDone).toBe(true);
      expect(await keysOf('owed_work_log')).toContain('after-stale');
    },
  );

  it('is refused a controlled transaction while owed, on the root and on a derived handle', async () => {
    const { isDone } = await runOwingFirstCommit(logging('never-controlled'), async () => {
      expect(() => handle.db.startTransaction()).toThrow('use transaction()');
      expect(() => probe().withTables<{ other: { id: string } }>().startTransaction()).toThrow(
        'use transaction()',
      );
      // A handle derived twice still hooks its transactions.
      await probe()
        .withTables<{ other: { id: string } }>()
        .transaction()
        .execute((trx) =>
          trx.insertInto('owed_probe').values({ key: 'twice-derived', note: null }).execute(),
        );
    });
    expect(isDone).toBe(true);
    expect(await keysOf('owed_work_log')).toContain('never-controlled');
  });

  it('runs a lone write as before when nothing is owed', async () => {
    await probe().insertInto('owed_probe').values({ key: 'plain', note: null }).execute();
    expect(await keysOf('owed_probe')).toContain('plain');
  });
});

describe('a transaction whose statement failed', () => {
  it('cannot commit when the failure was caught: it rolls back, and no after-commit callback runs', async () => {
    let isCalled = false;
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await sql`insert into owed_probe (key) values ('lost')`.execute(trx);
        await afterCommit(trx, () => {
          isCalled = true;
        });
        // A duplicate key, caught and ignored: the database has aborted the transaction.
        await sql`insert into owed_probe (key) values ('lost')`.execute(trx).catch(() => {});
      }),
    ).rejects.toThrow('cannot commit');
    expect(isCalled).toBe(false);
    expect(await keysOf('owed_probe')).not.toContain('lost');
    // The connection is usable afterwards, and a transaction that fails nothing commits.
    await handle.db.transaction().execute(async (trx) => {
      await sql`insert into owed_probe (key) values ('after')`.execute(trx);
    });
    expect(await keysOf('owed_probe')).toContain('after');
  });

  it('commits after a rollback to a savepoint taken before the failure (where savepoints exist)', async () => {
    const trx = await handle.db.startTransaction().execute();
    await sql`insert into owed_probe (key) values ('before-savepoint')`.execute(trx);
    if (handle.kind === 'pglite') {
      // PGlite's driver has no savepoints: refused, rather than a rollback that rolls nothing back.
      await expect(trx.savepoint('retry').execute()).rejects.toThrow('does not support savepoint');
      await trx.rollback().execute();
      expect(await keysOf('owed_probe')).not.toContain('before-savepoint');
      return;
    }
    const inner = await trx.savepoint('retry').execute();
    await sql`insert into owed_probe (key) values ('before-savepoint')`.execute(inner).catch(() => {});
    await inner.rollbackToSavepoint('retry').execute();
    await trx.commit().execute();
    expect(await keysOf('owed_probe')).toContain('before-savepoint');
  });
});
