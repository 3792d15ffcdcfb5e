import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { openTestDatabase } from '../../test/test-database';
import { createCompany } from '../seed/factories';
import { createClient } from '../seed/wealth-factories';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

/** What the triggers keep and what counting the clients says: they must always agree. */
async function keptAndCounted(companyId: string) {
  const kept = await handle.db
    .selectFrom('client_totals')
    .where('company_id', '=', companyId)
    .select('total')
    .executeTakeFirst();
  const counted = await handle.db
    .selectFrom('clients')
    .where('company_id', '=', companyId)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return { kept: kept?.total ?? 0, counted: Number(counted.n) };
}

describe('client totals (kept by triggers, read by the staff’s unsearched client list)', () => {
  it('follow inserts one by one and in bulk, deletes, a rollback and a company’s deletion', async () => {
    const company = await createCompany(handle.db);
    const other = await createCompany(handle.db);
    const first = await createClient(handle.db, { companyId: company.id });
    await createClient(handle.db, { companyId: company.id });
    await createClient(handle.db, { companyId: other.id });
    await sql`insert into clients (company_id, name, alias, entity_ids)
      select ${company.id}::uuid, 'Bulk ' || g, 'bulk-' || g || '-' || md5(random()::text), '{}'
      from generate_series(1, 4) g`.execute(handle.db);
    expect(await keptAndCounted(company.id)).toEqual({ kept: 6, counted: 6 });

    await handle.db.deleteFrom('clients').where('id', '=', first.id).execute();
    // An edit (the common write) changes nothing here.
    await handle.db
      .updateTable('clients')
      .set({ name: 'Renamed' })
      .where('company_id', '=', company.id)
      .execute();
    expect(await keptAndCounted(company.id)).toEqual({ kept: 5, counted: 5 });

    await handle.db
      .transaction()
      .execute(async (trx) => {
        await createClient(trx, { companyId: company.id });
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(await keptAndCounted(company.id)).toEqual({ kept: 5, counted: 5 });

    // A client moved to another company (no call does it) leaves one total and joins the other.
    const moved = await createClient(handle.db, { companyId: company.id });
    await handle.db.updateTable('clients').set({ company_id: other.id }).where('id', '=', moved.id).execute();
    expect(await keptAndCounted(company.id)).toEqual({ kept: 5, counted: 5 });
    expect(await keptAndCounted(other.id)).toEqual({ kept: 2, counted: 2 });
    await handle.db.deleteFrom('clients').where('id', '=', moved.id).execute();

    await handle.db.deleteFrom('companies').where('id', '=', company.id).execute();
    expect(await keptAndCounted(company.id)).toEqual({ kept: 0, counted: 0 });
    expect(await keptAndCounted(other.id)).toEqual({ kept: 1, counted: 1 });
  });
});

describe.runIf(process.env.DATABASE_URL)('client totals under concurrent writers (PostgreSQL)', () => {
  it('count every client created at once in one company, exactly', async () => {
    const company = await createCompany(handle.db);
    await Promise.all(Array.from({ length: 10 }, () => createClient(handle.db, { companyId: company.id })));
    expect(await keptAndCounted(company.id)).toEqual({ kept: 10, counted: 10 });
  });

  it('never make one company wait for another’s open write', async () => {
    const first = await createCompany(handle.db);
    const second = await createCompany(handle.db);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let isHolding = () => {};
    const holding = new Promise<void>((resolve) => {
      isHolding = resolve;
    });
    // The first company's transaction holds its totals row until released.
    const open = handle.db.transaction().execute(async (trx) => {
      await createClient(trx, { companyId: first.id });
      isHolding();
      await held;
    });
    await holding;
    const started = performance.now();
    await createClient(handle.db, { companyId: second.id });
    const waitedMs = performance.now() - started;
    release();
    await open;
    // Not a timing claim: the first transaction stays open until after this insert returned.
    expect(waitedMs).toBeLessThan(5_000);
    expect(await keptAndCounted(second.id)).toEqual({ kept: 1, counted: 1 });
    expect(await keptAndCounted(first.id)).toEqual({ kept: 1, counted: 1 });
  });
});
