import { type UnmatchedProduct, unmatched } from '@caudal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createClient, createProduct } from '../seed/wealth-factories';
import { type SignedInTenant, signInTenant } from '../wealth/wealth-fixtures';
import { createHeldProduct } from './unmatched-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function list(tenant: SignedInTenant, payload: Record<string, unknown> = {}, hidden = false) {
  const path = hidden ? unmatched.unmatchedListHidden.path : unmatched.unmatchedList.path;
  const response = await tenant.call(path, payload);
  expect(response.statusCode).toBe(200);
  return { items: response.json<UnmatchedProduct[]>(), total: response.headers['x-total-count'] };
}
const names = (items: UnmatchedProduct[]) => items.map((item) => `${item.bank}/${item.name}`);

/** Entity names differ from their ids' order: Abanca < Banco Santander (santander) < BBVA (bbva). */
async function createSortBook(tenant: SignedInTenant) {
  const companyId = tenant.companyId;
  for (const [entityId, name] of [
    ['santander', 'zeta'],
    ['bbva', 'alpha'],
    ['santander', 'beta'],
    ['abanca', 'Cuenta'],
    ['santander', 'Árbol'],
  ] as const) {
    await createProduct(t.db, { companyId, entityId, name });
  }
  // Neither matched nor hidden products are pending.
  const client = await createClient(t.db, { companyId });
  await createProduct(t.db, { companyId, clientId: client.id, name: 'aaa asignado' });
  await createProduct(t.db, { companyId, name: 'aaa oculto', hiddenAt: new Date() });
}
const SORTED = ['abanca/Cuenta', 'santander/Árbol', 'santander/beta', 'santander/zeta', 'bbva/alpha'];

describe('unmatched-list', () => {
  it('sorts by the bank as users see it (entity name), then product name, accent- and case-folded', async () => {
    const tenant = await signInTenant(t);
    await createSortBook(tenant);
    const { items, total } = await list(tenant);
    expect(names(items)).toEqual(SORTED);
    expect(total).toBe('5');
  });

  it('pages in the same order, with the total of every match in x-total-count', async () => {
    const tenant = await signInTenant(t);
    await createSortBook(tenant);
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(await list(tenant, { page, page_size: 2 }));
    expect(pages.map((page) => names(page.items))).toEqual([
      SORTED.slice(0, 2),
      SORTED.slice(2, 4),
      SORTED.slice(4),
    ]);
    expect(pages.map((page) => page.total)).toEqual(['5', '5', '5']);
    expect((await list(tenant, { page: 9, page_size: 2 })).items).toEqual([]);
  });

  it('filters by bank', async () => {
    const tenant = await signInTenant(t);
    await createSortBook(tenant);
    const { items, total } = await list(tenant, { bank: 'santander', page: 1 });
    expect(names(items)).toEqual(['santander/Árbol', 'santander/beta', 'santander/zeta']);
    expect(total).toBe('3');
    expect((await list(tenant, { bank: 'nowhere' })).items).toEqual([]);
  });

  it('answers each product with its holder, credentials, balance and the fields of the contract', async () => {
    const tenant = await signInTenant(t);
    const { product, credentials } = await createHeldProduct(t.db, {
      companyId: tenant.companyId,
      entityId: 'bbva',
      kind: 'portfolio',
      name: 'Cartera de fondos',
      balance: 1234.56,
      currency: 'USD',
      holders: [{ name: 'Autorizada Pérez', relation: 'autorizado' }, 'Titular Gómez'],
    });
    const { items } = await list(tenant);
    expect(items).toEqual([
      {
        _id: product.id,
        holder_product_id: product.id,
        bank: 'bbva',
        name: 'Cartera de fondos',
        product_type: 'portfolio',
        created_at: product.created_at.toISOString(),
        holder_name: 'Titular Gómez',
        credentials_token: credentials.token,
        balance: 1234.56,
        currency: 'USD',
        suggested_client: null,
      },
    ]);
  });

  it('searches the product name, any holder and the suggested client, folded', async () => {
    const tenant = await signInTenant(t);
    const companyId = tenant.companyId;
    await createClient(t.db, { companyId, name: 'María Núñez', alias: 'cliente-vip' });
    await createHeldProduct(t.db, { companyId, name: 'Cuenta nómina', holders: ['Pedro Ruiz'] });
    await createHeldProduct(t.db, { companyId, name: 'Depósito', holders: ['Ana López', 'Luis Peña'] });
    await createHeldProduct(t.db, { companyId, name: 'Hipoteca', holders: ['maria nunez'] });
    const search = async (term: string) =>
      (await list(tenant, { search: term, page: 1 })).items.map((i) => i.name);

    expect(await search('NOMINA')).toEqual(['Cuenta nómina']);
    expect(await search('peña')).toEqual(['Depósito']);
    expect(await search('pena')).toEqual(['Depósito']);
    // The suggested client's name and alias; the holder's own name matches too.
    expect(await search('vip')).toEqual(['Hipoteca']);
    expect(await search('Núñez')).toEqual(['Hipoteca']);
    expect(await search('%')).toEqual([]);
    expect(await search('zzz')).toEqual([]);
    expect((await list(tenant, { search: 'ruiz', page: 1 })).total).toBe('1');
  });

  it('suggests the one client named as an owner, ignoring case, accents and spacing; else none', async () => {
    const tenant = await signInTenant(t);
    const companyId = tenant.companyId;
    const maria = await createClient(t.db, { companyId, name: 'María José Núñez' });
    await createClient(t.db, { companyId, name: 'Juan Pérez' });
    await createClient(t.db, { companyId, name: 'Juan  perez' });
    const other = await signInTenant(t);
    await createClient(t.db, { companyId: other.companyId, name: 'Elena Ruiz' });

    const held = async (name: string, holders: Parameters<typeof createHeldProduct>[1]['holders']) =>
      createHeldProduct(t.db, { companyId, name, holders });
    await held('a folded', ['  MARIA JOSE  NUNEZ ']);
    await held('b co-owner', ['Nadie Conocido', 'maría josé núñez']);
    await held('c authorised only', [{ name: 'María José Núñez', relation: 'autorizado' }]);
    await held('d two clients share the name', ['JUAN PÉREZ']);
    await held('e another company’s client', ['Elena Ruiz']);
    await held('f no holder', []);

    const { items } = await list(tenant);
    const suggested = Object.fromEntries(items.map((item) => [item.name, item.suggested_client]));
    const expected = { id: maria.id, name: maria.name, alias: maria.alias };
    expect(suggested).toEqual({
      'a folded': expected,
      'b co-owner': expected,
      'c authorised only': null,
      'd two clients share the name': null,
      'e another company’s client': null,
      'f no holder': null,
    });
  });

  it('lists hidden products apart, in the same order, with search and paging', async () => {
    const tenant = await signInTenant(t);
    const companyId = tenant.companyId;
    await createProduct(t.db, { companyId, name: 'visible' });
    await createProduct(t.db, { companyId, entityId: 'bbva', name: 'oculto b', hiddenAt: new Date() });
    await createProduct(t.db, { companyId, entityId: 'santander', name: 'oculto a', hiddenAt: new Date() });
    const hidden = await list(tenant, { page: 1, page_size: 1 }, true);
    expect(names(hidden.items)).toEqual(['santander/oculto a']);
    expect(hidden.total).toBe('2');
    expect(names((await list(tenant, {}, true)).items)).toEqual(['santander/oculto a', 'bbva/oculto b']);
    expect(names((await list(tenant, { search: 'b' }, true)).items)).toEqual(['bbva/oculto b']);
    expect(names((await list(tenant)).items)).toEqual(['santander/visible']);
  });
});
