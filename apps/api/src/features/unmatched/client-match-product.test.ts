import { type UnmatchedProduct, unmatched, wealth } from '@caudal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createClient, createProduct } from '../seed/wealth-factories';
import { type SignedInTenant, signInTenant } from '../wealth/wealth-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const match = (tenant: SignedInTenant, clientId: string, products: string[]) =>
  tenant.call(unmatched.clientMatchProduct.path, { _id: clientId, products });
const pendingIds = async (tenant: SignedInTenant) =>
  (await tenant.call(unmatched.unmatchedList.path)).json<UnmatchedProduct[]>().map((item) => item._id);
const ownerOf = async (productId: string) =>
  (
    await t.db
      .selectFrom('products')
      .select(['client_id', 'hidden_at'])
      .where('id', '=', productId)
      .executeTakeFirstOrThrow()
  ).client_id;

/** A tenant with two clients and three pending products (the last one hidden). */
async function createBook() {
  const tenant = await signInTenant(t);
  const companyId = tenant.companyId;
  const ana = await createClient(t.db, { companyId, name: 'Ana' });
  const luis = await createClient(t.db, { companyId, name: 'Luis' });
  const account = await createProduct(t.db, { companyId, kind: 'account', name: 'Cuenta' });
  const portfolio = await createProduct(t.db, { companyId, kind: 'portfolio', name: 'Cartera' });
  const liability = await createProduct(t.db, {
    companyId,
    kind: 'liability',
    name: 'Hipoteca',
    hiddenAt: new Date(),
  });
  return { tenant, ana, luis, account, portfolio, liability };
}

describe('client-match-product', () => {
  it('gives several products to one client: they leave the lists and show under the client', async () => {
    const { tenant, ana, account, portfolio, liability } = await createBook();
    const response = await match(tenant, ana.id, [account.id, portfolio.id, liability.id, account.id]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, matched: 3 });

    expect(await pendingIds(tenant)).toEqual([]);
    expect((await tenant.call(unmatched.unmatchedListHidden.path)).json()).toEqual([]);
    expect((await tenant.call(unmatched.unmatchedCount.path)).json()).toEqual({ pending: 0, hidden: 0 });
    const ref = { client_id: ana.id };
    const ids = async (path: string) =>
      (await tenant.call(path, ref)).json().map((p: { id: string }) => p.id);
    expect(await ids(wealth.clientAccountList.path)).toEqual([account.id]);
    expect(await ids(wealth.clientPortfolioList.path)).toEqual([portfolio.id]);
    expect(await ids(wealth.clientLiabilityList.path)).toEqual([liability.id]);
    expect((await tenant.call(wealth.clientGet.path, ref)).json().products_count).toBe(3);
  });

  it('is idempotent: the same products to the same client again is a success', async () => {
    const { tenant, ana, account, portfolio } = await createBook();
    expect((await match(tenant, ana.id, [account.id])).json()).toEqual({ success: true, matched: 1 });
    const again = await match(tenant, ana.id, [account.id, portfolio.id]);
    expect(again.json()).toEqual({ success: true, matched: 2 });
    expect([await ownerOf(account.id), await ownerOf(portfolio.id)]).toEqual([ana.id, ana.id]);
  });

  it('refuses the whole call when one product has another client, and changes nothing', async () => {
    const { tenant, ana, luis, account, portfolio, liability } = await createBook();
    await match(tenant, luis.id, [portfolio.id]);
    const response = await match(tenant, ana.id, [account.id, portfolio.id, liability.id]);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('ProductAlreadyMatched');
    expect([await ownerOf(account.id), await ownerOf(portfolio.id), await ownerOf(liability.id)]).toEqual([
      null,
      luis.id,
      null,
    ]);
    expect(await pendingIds(tenant)).toEqual([account.id]);
  });

  it('answers 404 for unknown or another company’s products and clients, and changes nothing', async () => {
    const { tenant, ana, account } = await createBook();
    const other = await createBook();
    const cases: [string, string[]][] = [
      [ana.id, [account.id, other.account.id]],
      [ana.id, [account.id, '00000000-0000-4000-8000-000000000000']],
      [ana.id, [account.id, 'not-a-uuid']],
      [other.ana.id, [account.id]],
      ['not-a-uuid', [account.id]],
    ];
    for (const [clientId, products] of cases) {
      const response = await match(tenant, clientId, products);
      expect({ clientId, products, status: response.statusCode, code: response.json().error?.code }).toEqual({
        clientId,
        products,
        status: 404,
        code: 'NotFound',
      });
      expect(response.body).not.toContain(other.ana.alias);
    }
    expect(await ownerOf(account.id)).toBeNull();
    expect(await ownerOf(other.account.id)).toBeNull();
    // Another company's matched product is a 404 too, never a 409 that would reveal it.
    await match(other.tenant, other.ana.id, [other.portfolio.id]);
    expect((await match(tenant, ana.id, [other.portfolio.id])).statusCode).toBe(404);
  });

  it('lets exactly one of two concurrent calls for one product win; the other gets a 409', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { tenant, ana, luis, account, portfolio } = await createBook();
      const [first, second] = await Promise.all([
        match(tenant, ana.id, [portfolio.id, account.id]),
        match(tenant, luis.id, [account.id, portfolio.id]),
      ]);
      const statuses = [first.statusCode, second.statusCode].sort();
      expect(statuses).toEqual([200, 409]);
      const winner = first.statusCode === 200 ? ana.id : luis.id;
      expect([await ownerOf(account.id), await ownerOf(portfolio.id)]).toEqual([winner, winner]);
    }
  });

  it('waits on PostgreSQL for a concurrent writer’s row lock, then sees its commit (409)', async (context) => {
    // PGlite is one connection: a second transaction cannot even start while the first is open.
    if (t.handle.kind !== 'postgres') return context.skip();
    const { tenant, ana, luis, account } = await createBook();
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const writer = t.db.transaction().execute(async (trx) => {
      await trx.updateTable('products').set({ client_id: luis.id }).where('id', '=', account.id).execute();
      locked();
      await released;
    });
    await isLocked;
    let settled = false;
    const call = match(tenant, ana.id, [account.id]).finally(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(settled).toBe(false);
    release();
    await writer;
    const response = await call;
    expect(response.statusCode).toBe(409);
    expect(await ownerOf(account.id)).toBe(luis.id);
  });

  it('puts a product unlinked from its client back on the pending list', async () => {
    const { tenant, ana, luis, account } = await createBook();
    await match(tenant, ana.id, [account.id]);
    expect(await pendingIds(tenant)).not.toContain(account.id);
    const unlinked = await tenant.call(wealth.clientUnmatchProduct.path, {
      client_id: ana.id,
      product_id: account.id,
    });
    expect(unlinked.statusCode).toBe(200);
    expect(await pendingIds(tenant)).toContain(account.id);
    expect((await match(tenant, luis.id, [account.id])).statusCode).toBe(200);
    expect(await ownerOf(account.id)).toBe(luis.id);
  });

  it('validates the request', async () => {
    const { tenant, ana } = await createBook();
    expect((await match(tenant, ana.id, [])).json().error.code).toBe('ValidationError');
    expect((await tenant.call(unmatched.clientMatchProduct.path, { products: ['x'] })).statusCode).toBe(400);
  });
});
