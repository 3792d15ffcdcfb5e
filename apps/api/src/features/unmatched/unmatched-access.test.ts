import { unmatched } from '@caudal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createClient, createProduct } from '../seed/wealth-factories';
import { type SignedInTenant, signInPortalUser, signInTenant } from '../wealth/wealth-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const count = async (tenant: SignedInTenant) => (await tenant.call(unmatched.unmatchedCount.path)).json();

/** Every call of the slice, with a payload naming `productId` and `clientId`. */
const everyCall = (productId: string, clientId: string): [string, Record<string, unknown>][] => [
  [unmatched.unmatchedList.path, {}],
  [unmatched.unmatchedListHidden.path, {}],
  [unmatched.unmatchedCount.path, {}],
  [unmatched.clientMatchProduct.path, { _id: clientId, products: [productId] }],
  [unmatched.unmatchedHide.path, { holder_product_id: productId }],
  [unmatched.unmatchedUnhide.path, { holder_product_id: productId }],
];

describe('unmatched-hide and unmatched-unhide', () => {
  it('move a pending product to the hidden list and back, idempotently, with the counts', async () => {
    const tenant = await signInTenant(t);
    const product = await createProduct(t.db, { companyId: tenant.companyId, name: 'Cuenta' });
    await createProduct(t.db, { companyId: tenant.companyId, name: 'Otra' });
    expect(await count(tenant)).toEqual({ pending: 2, hidden: 0 });

    const hide = () => tenant.call(unmatched.unmatchedHide.path, { holder_product_id: product.id });
    const unhide = () => tenant.call(unmatched.unmatchedUnhide.path, { holder_product_id: product.id });
    expect((await hide()).json()).toEqual({ success: true });
    const hiddenAt = (
      await t.db
        .selectFrom('products')
        .select('hidden_at')
        .where('id', '=', product.id)
        .executeTakeFirstOrThrow()
    ).hidden_at;
    expect((await hide()).statusCode).toBe(200);
    const again = await t.db
      .selectFrom('products')
      .select('hidden_at')
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(again.hidden_at).toEqual(hiddenAt);
    expect(await count(tenant)).toEqual({ pending: 1, hidden: 1 });
    const hiddenList = await tenant.call(unmatched.unmatchedListHidden.path);
    expect(hiddenList.json().map((item: { _id: string }) => item._id)).toEqual([product.id]);
    expect(hiddenList.headers['x-total-count']).toBe('1');

    expect((await unhide()).json()).toEqual({ success: true });
    expect((await unhide()).statusCode).toBe(200);
    expect(await count(tenant)).toEqual({ pending: 2, hidden: 0 });
    expect((await tenant.call(unmatched.unmatchedListHidden.path)).json()).toEqual([]);
  });

  it('refuse a product of a client with 409, and an unknown one with 404', async () => {
    const tenant = await signInTenant(t);
    const client = await createClient(t.db, { companyId: tenant.companyId });
    const matched = await createProduct(t.db, { companyId: tenant.companyId, clientId: client.id });
    for (const path of [unmatched.unmatchedHide.path, unmatched.unmatchedUnhide.path]) {
      const response = await tenant.call(path, { holder_product_id: matched.id });
      expect({ path, status: response.statusCode, code: response.json().error.code }).toEqual({
        path,
        status: 409,
        code: 'ProductAlreadyMatched',
      });
      for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
        expect((await tenant.call(path, { holder_product_id: id })).statusCode).toBe(404);
      }
    }
    const stored = await t.db
      .selectFrom('products')
      .select(['client_id', 'hidden_at'])
      .where('id', '=', matched.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ client_id: client.id, hidden_at: null });
  });
});

describe('tenant isolation', () => {
  it('answers 404 to company B on every call naming company A’s products, and lists none of them', async () => {
    const a = await signInTenant(t);
    const aClient = await createClient(t.db, { companyId: a.companyId, name: 'Cliente de A' });
    const aProduct = await createProduct(t.db, { companyId: a.companyId, name: 'Producto de A' });
    await createProduct(t.db, { companyId: a.companyId, name: 'Oculto de A', hiddenAt: new Date() });
    const b = await signInTenant(t);
    const bClient = await createClient(t.db, { companyId: b.companyId });
    const bProduct = await createProduct(t.db, { companyId: b.companyId });

    for (const [path, payload] of everyCall(aProduct.id, bClient.id)) {
      const response = await b.call(path, payload);
      expect(response.body).not.toContain('de A');
      if (path === unmatched.unmatchedCount.path) expect(response.json()).toEqual({ pending: 1, hidden: 0 });
      else if ('_id' in payload || 'holder_product_id' in payload) {
        expect({ path, status: response.statusCode, code: response.json().error?.code }).toEqual({
          path,
          status: 404,
          code: 'NotFound',
        });
      } else
        expect(response.json().map((item: { _id: string }) => item._id)).toEqual(
          path === unmatched.unmatchedList.path ? [bProduct.id] : [],
        );
    }
    // B's product to A's client: the client is not found.
    expect(
      (await b.call(unmatched.clientMatchProduct.path, { _id: aClient.id, products: [bProduct.id] }))
        .statusCode,
    ).toBe(404);
    const stored = await t.db
      .selectFrom('products')
      .select(['client_id', 'hidden_at'])
      .where('id', '=', aProduct.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ client_id: null, hidden_at: null });
    expect(await count(a)).toEqual({ pending: 1, hidden: 1 });
  });
});

describe('access', () => {
  it('answers 403 Forbidden to a portal user on every call', async () => {
    const tenant = await signInTenant(t);
    const client = await createClient(t.db, { companyId: tenant.companyId });
    const product = await createProduct(t.db, { companyId: tenant.companyId });
    const portal = await signInPortalUser(t, tenant);
    for (const [path, payload] of everyCall(product.id, client.id)) {
      const response = await portal.call(path, payload);
      expect({ path, status: response.statusCode, code: response.json().error?.code }).toEqual({
        path,
        status: 403,
        code: 'Forbidden',
      });
    }
    expect(await count(tenant)).toEqual({ pending: 1, hidden: 0 });
  });

  it('answers 403 ModuleDisabled to a company without wealth, on every call', async () => {
    const tenant = await signInTenant(t, { modules: ['applications'] });
    const product = await createProduct(t.db, { companyId: tenant.companyId });
    const client = await createClient(t.db, { companyId: tenant.companyId });
    for (const [path, payload] of everyCall(product.id, client.id)) {
      const response = await tenant.call(path, payload);
      expect({ path, status: response.statusCode, code: response.json().error?.code }).toEqual({
        path,
        status: 403,
        code: 'ModuleDisabled',
      });
    }
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ method: 'POST', url: unmatched.unmatchedList.path, payload: {} });
    expect(response.statusCode).toBe(401);
  });
});
