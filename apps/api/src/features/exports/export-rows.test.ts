import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createClient, createProduct, createTransactions } from '../seed/wealth-factories';
import { signInTenant } from '../wealth/wealth-fixtures';
import { EXPORT_BATCH_ROWS } from './export-cursor';
import { groupProducts, readEmbeddedRows } from './export-rows';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('embedded row source', () => {
  it('groups consecutive small products up to a page, skips empty ones, leaves a big one alone', () => {
    const products = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id }));
    const counts = new Map([
      ['a', 400],
      ['b', 500],
      ['c', 300],
      ['e', 5000],
    ]);
    expect(groupProducts(products, counts, 1000).map((group) => group.map((p) => p.id))).toEqual([
      ['a', 'b'],
      ['c'],
      ['e'],
    ]);
  });

  it('reads every movement once, product by product in file order, newest first within each', async () => {
    const a = await signInTenant(t);
    const client = await createClient(t.db, {
      companyId: a.companyId,
      name: 'Orden',
      entityIds: ['santander'],
    });
    const sizes = { 'A pequeña': 30, 'B pequeña': 45, 'C grande': EXPORT_BATCH_ROWS + 7, 'D vacía': 0 };
    for (const [name, count] of Object.entries(sizes)) {
      const product = await createProduct(t.db, { companyId: a.companyId, clientId: client.id, name });
      if (count > 0) await createTransactions(t.db, { companyId: a.companyId, productId: product.id, count });
    }
    const rows = [];
    for await (const batch of readEmbeddedRows(t.db, {
      companyId: a.companyId,
      type: 'transactions',
      clientIds: [client.id],
      entityIds: ['santander'],
      dateFrom: null,
      dateTo: null,
    })) {
      expect(batch.length).toBeLessThanOrEqual(EXPORT_BATCH_ROWS);
      rows.push(...batch);
    }
    expect(rows).toHaveLength(30 + 45 + EXPORT_BATCH_ROWS + 7);
    const products = rows.map((row) => row.product);
    expect(products.indexOf('B pequeña')).toBe(30);
    expect(products.indexOf('C grande')).toBe(75);
    expect(products.lastIndexOf('A pequeña')).toBe(29);
    for (const name of ['A pequeña', 'B pequeña', 'C grande']) {
      const dates = rows.filter((row) => row.product === name).map((row) => row.operation_date ?? '');
      expect(dates).toEqual([...dates].sort().reverse());
    }
    // Each movement once: the big product's pages neither skip nor repeat a row.
    const keys = rows.map((row) => `${row.product}|${row.description}`);
    expect(new Set(keys).size).toBe(rows.length);
  });
});
