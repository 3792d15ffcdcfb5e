import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { openTestDatabase } from '../../test/test-database';
import { createCompany } from '../seed/factories';
import { seedInstitutions } from '../seed/seed';
import { createCredentials } from '../seed/wealth-factories';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
  await seedInstitutions(handle.db);
});
afterAll(() => handle.close());

/** What the triggers keep, and what counting the credentials says: they must always agree. */
async function totalsAndCounts(companyId: string) {
  const kept = await handle.db
    .selectFrom('credential_totals')
    .where('company_id', '=', companyId)
    .select(['entity_id', 'total'])
    .orderBy('entity_id')
    .execute();
  const counted = await handle.db
    .selectFrom('credentials')
    .where('company_id', '=', companyId)
    .select((eb) => ['entity_id', eb.fn.countAll<string>().as('total')])
    .groupBy('entity_id')
    .orderBy('entity_id')
    .execute();
  return { kept, counted: counted.map((row) => ({ entity_id: row.entity_id, total: Number(row.total) })) };
}

describe('credential totals (kept by triggers, read by the summary)', () => {
  it('follow inserts one by one and in bulk, deletes, a move to another institution, and a company’s deletion', async () => {
    const company = await createCompany(handle.db);
    const other = await createCompany(handle.db);
    const first = await createCredentials(handle.db, { companyId: company.id, entityId: 'santander' });
    await createCredentials(handle.db, { companyId: company.id, entityId: 'santander' });
    await createCredentials(handle.db, { companyId: company.id, entityId: 'bbva' });
    await createCredentials(handle.db, { companyId: other.id, entityId: 'santander' });
    // One statement, several rows and institutions (as the seed and the generators insert).
    await sql`insert into credentials (company_id, token, entity_id, login)
      select ${company.id}::uuid, md5(random()::text) || g, case when g % 2 = 0 then 'ing' else 'bbva' end, 'bulk-' || g
      from generate_series(1, 5) g`.execute(handle.db);
    expect((await totalsAndCounts(company.id)).kept).toEqual([
      { entity_id: 'bbva', total: 4 },
      { entity_id: 'ing', total: 2 },
      { entity_id: 'santander', total: 2 },
    ]);

    await handle.db
      .deleteFrom('credentials')
      .where('entity_id', '=', 'ing')
      .where('company_id', '=', company.id)
      .execute();
    await handle.db
      .updateTable('credentials')
      .set({ entity_id: 'bbva' })
      .where('id', '=', first.id)
      .execute();
    // A status update (the common write) changes nothing here.
    await handle.db
      .updateTable('credentials')
      .set({ status: 'ok' })
      .where('company_id', '=', company.id)
      .execute();
    const after = await totalsAndCounts(company.id);
    expect(after.kept).toEqual([
      { entity_id: 'bbva', total: 5 },
      { entity_id: 'santander', total: 1 },
    ]);
    expect(after.kept).toEqual(after.counted);

    // A rolled-back insert leaves the totals as they were.
    await handle.db
      .transaction()
      .execute(async (trx) => {
        await createCredentials(trx, { companyId: company.id, entityId: 'openbank' });
        throw new Error('roll back');
      })
      .catch(() => {});
    expect((await totalsAndCounts(company.id)).kept).toEqual(after.kept);

    // Deleting the company cascades to its credentials, and its totals go with them; others stay.
    await handle.db.deleteFrom('companies').where('id', '=', company.id).execute();
    expect(await totalsAndCounts(company.id)).toEqual({ kept: [], counted: [] });
    expect((await totalsAndCounts(other.id)).kept).toEqual([{ entity_id: 'santander', total: 1 }]);

    // Emptying the table (an operator's TRUNCATE) empties the totals too.
    await sql`truncate credentials cascade`.execute(handle.db);
    expect(await totalsAndCounts(other.id)).toEqual({ kept: [], counted: [] });
  });
});

describe.runIf(process.env.DATABASE_URL)('credential totals under concurrent writers (PostgreSQL)', () => {
  it('count every credential created at once in one company, exactly, per institution', async () => {
    const company = await createCompany(handle.db);
    await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        createCredentials(handle.db, { companyId: company.id, entityId: index % 2 ? 'bbva' : 'santander' }),
      ),
    );
    const { kept, counted } = await totalsAndCounts(company.id);
    expect(kept).toEqual(counted);
    expect(counted).toEqual([
      { entity_id: 'bbva', total: 5 },
      { entity_id: 'santander', total: 5 },
    ]);
  });

  it('let two deletes spanning the same institutions of one company run at once and both finish', async () => {
    const company = await createCompany(handle.db);
    const banks = ['bbva', 'ing', 'santander'];
    const created = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        createCredentials(handle.db, { companyId: company.id, entityId: banks[index % 3] as string }),
      ),
    );
    const ids = created.map((credential) => credential.id);
    // Each statement's trigger locks the totals rows of all three institutions (sorted, so never in
    // the opposite order of the other's): one waits for the other, neither is chosen as a deadlock.
    await Promise.all([
      handle.db.deleteFrom('credentials').where('id', 'in', ids.slice(0, 6)).execute(),
      handle.db.deleteFrom('credentials').where('id', 'in', ids.slice(6).reverse()).execute(),
    ]);
    const { kept, counted } = await totalsAndCounts(company.id);
    expect(counted).toEqual([]);
    expect(kept).toEqual(counted);
  });
});
