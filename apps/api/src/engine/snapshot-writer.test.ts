import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle, Db } from '../db/database';
import { createCompany } from '../features/seed/factories';
import { seedInstitutions } from '../features/seed/seed';
import { createClient, createCredentials } from '../features/seed/wealth-factories';
import { openTestDatabase } from '../test/test-database';
import { generateSnapshot, type InstitutionSnapshot } from './sandbox';
import { writeSnapshot, writeSnapshots } from './snapshot-writer';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
  await seedInstitutions(handle.db);
});
afterAll(() => handle.close());

const T0 = new Date('2025-03-01T10:00:00Z');
const T1 = new Date('2025-03-11T10:00:00Z');

const snapshotAt = (entityId: string, login: string, asOf: Date) =>
  generateSnapshot({ entityId, login, asOf, years: 1 });

const productsOf = (snapshot: InstitutionSnapshot) => [
  ...snapshot.accounts,
  ...snapshot.liabilities,
  ...snapshot.portfolios,
];
const movementIdsOf = (snapshot: InstitutionSnapshot) =>
  [...snapshot.accounts, ...snapshot.liabilities].flatMap((product) =>
    product.transactions.map((transaction) => `${product.externalId}|${transaction.externalId}`),
  );
const investmentMovementIdsOf = (snapshot: InstitutionSnapshot) =>
  snapshot.portfolios.flatMap((portfolio) =>
    portfolio.investments.flatMap((investment) =>
      investment.transactions.map((transaction) => `${investment.externalId}|${transaction.externalId}`),
    ),
  );

async function stored(db: Db, credentialsId: string) {
  const products = await db
    .selectFrom('products')
    .select(['id', 'external_id', 'client_id', 'hidden_at', 'balance', 'created_at', 'updated_at'])
    .where('credentials_id', '=', credentialsId)
    .orderBy('external_id')
    .execute();
  const productIds = products.map((product) => product.id);
  const movements = await db
    .selectFrom('product_transactions')
    .innerJoin('products', 'products.id', 'product_transactions.product_id')
    .select(['products.external_id as product', 'product_transactions.external_id'])
    .where('products.credentials_id', '=', credentialsId)
    .execute();
  const investmentMovements = await db
    .selectFrom('investment_transactions')
    .innerJoin('investments', 'investments.id', 'investment_transactions.investment_id')
    .select(['investments.external_id as investment', 'investment_transactions.external_id'])
    .where('investment_transactions.portfolio_id', 'in', productIds)
    .execute();
  const holders = await db
    .selectFrom('holders')
    .select('id')
    .where('credentials_id', '=', credentialsId)
    .execute();
  const links = await db
    .selectFrom('product_holders')
    .select('product_id')
    .where('product_id', 'in', productIds)
    .execute();
  return {
    products,
    movements: movements.map((row) => `${row.product}|${row.external_id}`).sort(),
    investmentMovements: investmentMovements.map((row) => `${row.investment}|${row.external_id}`).sort(),
    holders: holders.length,
    links: links.length,
  };
}

describe('the snapshot writer', () => {
  it('writes several fresh credentials in one go, then updates in place and appends only new movements', async () => {
    const db = handle.db;
    const company = await createCompany(db);
    const client = await createClient(db, { companyId: company.id });
    const owned = await createCredentials(db, {
      companyId: company.id,
      clientId: client.id,
      entityId: 'myinvestor',
    });
    const pending = await createCredentials(db, { companyId: company.id, entityId: 'bbva' });
    const ownedAt0 = snapshotAt('myinvestor', 'writer-a', T0);
    const pendingAt0 = snapshotAt('bbva', 'writer-b', T0);
    expect(ownedAt0.portfolios.flatMap((portfolio) => portfolio.investments).length).toBeGreaterThan(0);
    expect(pendingAt0.liabilities.length).toBeGreaterThan(0);
    const target = (credentials: typeof owned, now: Date) => ({
      companyId: company.id,
      credentialsId: credentials.id,
      clientId: credentials.client_id,
      now,
    });

    const fresh = await writeSnapshots(db, [
      { target: target(owned, T0), snapshot: ownedAt0 },
      { target: target(pending, T0), snapshot: pendingAt0 },
    ]);
    const freshCount = productsOf(ownedAt0).length + productsOf(pendingAt0).length;
    expect(fresh.products).toBe(freshCount);
    expect(fresh.newProducts).toBe(freshCount);
    expect(fresh.productIds.map((ids) => ids.length)).toEqual([
      productsOf(ownedAt0).length,
      productsOf(pendingAt0).length,
    ]);
    expect(fresh.newTransactions).toBe(
      [ownedAt0, pendingAt0].reduce(
        (sum, snapshot) => sum + movementIdsOf(snapshot).length + investmentMovementIdsOf(snapshot).length,
        0,
      ),
    );
    const ownedBefore = await stored(db, owned.id);
    expect(ownedBefore.products.every((product) => product.client_id === client.id)).toBe(true);
    expect(ownedBefore.movements).toEqual(movementIdsOf(ownedAt0).sort());
    expect(ownedBefore.investmentMovements).toEqual(investmentMovementIdsOf(ownedAt0).sort());
    const pendingBefore = await stored(db, pending.id);
    expect(pendingBefore.products.every((product) => product.client_id === null)).toBe(true);
    expect(new Set(fresh.productIds[1])).toEqual(
      new Set(pendingBefore.products.map((product) => product.id)),
    );

    // The portal assigns one pending product and hides another; a later refresh keeps both marks.
    const [assigned, hidden] = fresh.productIds[1] ?? [];
    await db
      .updateTable('products')
      .set({ client_id: client.id })
      .where('id', '=', assigned ?? '')
      .execute();
    await db
      .updateTable('products')
      .set({ hidden_at: T0 })
      .where('id', '=', hidden ?? '')
      .execute();

    const pendingAt1 = snapshotAt('bbva', 'writer-b', T1);
    const refreshed = await writeSnapshot(db, target(pending, T1), pendingAt1);
    const pendingAfter = await stored(db, pending.id);
    expect(refreshed.newProducts).toBe(0);
    expect(refreshed.productIds[0]).toEqual(fresh.productIds[1]);
    expect(pendingAfter.products.map((product) => product.id)).toEqual(
      pendingBefore.products.map((product) => product.id),
    );
    expect(pendingAfter.products.find((product) => product.id === assigned)?.client_id).toBe(client.id);
    expect(pendingAfter.products.find((product) => product.id === hidden)?.hidden_at).toEqual(T0);
    for (const product of pendingAfter.products) {
      const source = productsOf(pendingAt1).find((item) => item.externalId === product.external_id);
      expect(Number(product.balance)).toBe(source?.balance);
      expect(product.created_at).toEqual(T0);
      expect(product.updated_at).toEqual(T1);
    }
    // Append-only: movements that left the window stay, new ones are added once.
    const union = new Set([...movementIdsOf(pendingAt0), ...movementIdsOf(pendingAt1)]);
    const investmentUnion = new Set([
      ...investmentMovementIdsOf(pendingAt0),
      ...investmentMovementIdsOf(pendingAt1),
    ]);
    expect(pendingAfter.movements).toEqual([...union].sort());
    expect(pendingAfter.investmentMovements).toEqual([...investmentUnion].sort());
    expect(refreshed.newTransactions).toBe(
      union.size -
        pendingBefore.movements.length +
        investmentUnion.size -
        pendingBefore.investmentMovements.length,
    );
    expect(refreshed.newTransactions).toBeGreaterThan(0);
    expect(pendingAfter.holders).toBe(pendingBefore.holders);
    expect(pendingAfter.links).toBe(pendingBefore.links);

    // Idempotent, and the other credential is untouched.
    const again = await writeSnapshot(db, target(pending, T1), pendingAt1);
    expect(again).toMatchObject({ newProducts: 0, newTransactions: 0 });
    expect(await stored(db, pending.id)).toEqual(pendingAfter);
    expect(await stored(db, owned.id)).toEqual(ownedBefore);
  });
});

describe('valuations (issue 31)', () => {
  it('backfills a first connection’s weekly history, then a refresh stores only its day’s value', async () => {
    const db = handle.db;
    const company = await createCompany(db);
    const client = await createClient(db, { companyId: company.id });
    const credentials = await createCredentials(db, {
      companyId: company.id,
      clientId: client.id,
      entityId: 'myinvestor',
    });
    const at0 = snapshotAt('myinvestor', 'writer-valuations', T0);
    const portfolio = at0.portfolios[0];
    const investment = portfolio?.investments[0];
    if (!portfolio || !investment) throw new Error('myinvestor logins hold a portfolio');
    const target = { companyId: company.id, credentialsId: credentials.id, clientId: client.id };
    await writeSnapshot(db, { ...target, now: T0, backfillValuations: true }, at0);

    const rows = () =>
      db
        .selectFrom('valuations')
        .innerJoin('products', 'products.id', 'valuations.portfolio_id')
        .select([
          'valuations.investment_id',
          sql<string>`to_char(valued_on, 'YYYY-MM-DD')`.as('day'),
          sql<number>`valuations.balance::float8`.as('balance'),
          sql<number | null>`valuations.invested::float8`.as('invested'),
        ])
        .where('products.credentials_id', '=', credentials.id)
        .where('products.external_id', '=', portfolio.externalId)
        .orderBy('valued_on')
        .execute();
    const first = await rows();
    const own = first.filter((row) => row.investment_id === null);
    // Every Friday before the day, then the day itself with the snapshot's balance.
    expect(own.map((row) => row.day)).toEqual([
      ...(portfolio.valuations ?? []).map((v) => v.date),
      '2025-03-01',
    ]);
    expect(own.at(-1)).toMatchObject({ balance: portfolio.balance, invested: portfolio.invested });
    expect(
      own.every((row) => new Date(`${row.day}T00:00:00Z`).getUTCDay() === 5 || row.day === '2025-03-01'),
    ).toBe(true);
    const holdings = first.filter((row) => row.investment_id !== null);
    expect(holdings.length).toBeGreaterThanOrEqual(own.length);

    // A refresh ten days later adds that day's values and rewrites no history.
    const at1 = snapshotAt('myinvestor', 'writer-valuations', T1);
    await writeSnapshot(db, { ...target, now: T1 }, at1);
    const second = await rows();
    const ownAfter = second.filter((row) => row.investment_id === null);
    expect(ownAfter.map((row) => row.day)).toEqual([...own.map((row) => row.day), '2025-03-11']);
    expect(ownAfter.at(-1)?.balance).toBe(at1.portfolios[0]?.balance);
    // A second read the same day replaces that day's value rather than adding one.
    await writeSnapshot(db, { ...target, now: T1 }, at1);
    expect((await rows()).length).toBe(second.length);
  });
});
