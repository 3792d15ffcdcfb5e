import { wealth } from '@caudal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { assignPortalClients, createInvestment, createTransactions } from '../seed/wealth-factories';
import { createClientWithProducts, signInPortalUser, signInTenant } from './wealth-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Company A's book, and every call with the ids of it that each call takes. */
async function createBookOfA() {
  const a = await signInTenant(t);
  const { client, account, portfolio, liability } = await createClientWithProducts(
    t,
    a.companyId,
    'Cliente de A',
  );
  const investment = await createInvestment(t.db, { companyId: a.companyId, portfolioId: portfolio.id });
  await createTransactions(t.db, { companyId: a.companyId, productId: account.id, count: 5 });
  const clientRef = { client_id: client.id };
  const portfolioRef = { client_id: client.id, portfolio_id: portfolio.id };
  const calls: [string, Record<string, unknown>][] = [
    [wealth.clientGet.path, clientRef],
    [wealth.clientEdit.path, { ...clientRef, name: 'Otro nombre', alias: 'otro-alias', entities: [] }],
    [wealth.clientAccountList.path, clientRef],
    [wealth.clientPortfolioList.path, clientRef],
    [wealth.clientLiabilityList.path, clientRef],
    [wealth.productTransactionList.path, { ...clientRef, product_id: account.id }],
    [wealth.productTransactionList.path, { ...clientRef, product_id: liability.id }],
    [wealth.portfolioInvestmentList.path, portfolioRef],
    [wealth.portfolioTransactionList.path, portfolioRef],
    [wealth.portfolioTransactionList.path, { ...portfolioRef, investment_id: investment.id }],
    [wealth.investmentGet.path, { ...portfolioRef, investment_id: investment.id }],
    [wealth.clientUnmatchProduct.path, { ...clientRef, product_id: account.id }],
    // Last: it would take the others' data away.
    [wealth.clientDelete.path, clientRef],
  ];
  return { a, client, account, calls };
}

describe('tenant isolation', () => {
  it('answers 404 to company B on every call with company A’s ids, and changes nothing', async () => {
    const { a, client, account, calls } = await createBookOfA();
    const b = await signInTenant(t);
    for (const [path, payload] of calls) {
      const response = await b.call(path, payload);
      expect({ path, status: response.statusCode, code: response.json().error?.code }).toEqual({
        path,
        status: 404,
        code: 'NotFound',
      });
      expect(response.body).not.toContain('Cliente de A');
    }
    const listed = await b.call(wealth.clientList.path, {});
    expect(listed.json()).toEqual([]);
    expect(listed.headers['x-total-count']).toBe('0');
    // A still has everything, and every call works for A.
    const stored = await t.db
      .selectFrom('products')
      .select('client_id')
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(stored.client_id).toBe(client.id);
    for (const [path, payload] of calls) {
      expect({ path, status: (await a.call(path, payload)).statusCode }).toEqual({ path, status: 200 });
    }
  });
});

describe('portal users', () => {
  it('see only their assigned clients, read only', async () => {
    const tenant = await signInTenant(t);
    const mine = await createClientWithProducts(t, tenant.companyId, 'Asignado');
    const other = await createClientWithProducts(t, tenant.companyId, 'No asignado');
    const portal = await signInPortalUser(t, tenant);

    // Nothing assigned yet: nothing visible.
    expect((await portal.call(wealth.clientList.path)).json()).toEqual([]);
    await assignPortalClients(t.db, {
      userId: portal.userId,
      companyId: tenant.companyId,
      clientIds: [mine.client.id],
    });

    const listed = await portal.call(wealth.clientList.path, { page: 1 });
    expect(listed.json().map((client: { id: string }) => client.id)).toEqual([mine.client.id]);
    expect(listed.headers['x-total-count']).toBe('1');
    expect((await portal.call(wealth.clientGet.path, { client_id: mine.client.id })).statusCode).toBe(200);
    expect(
      (await portal.call(wealth.clientAccountList.path, { client_id: mine.client.id })).json(),
    ).toHaveLength(1);

    expect((await portal.call(wealth.clientGet.path, { client_id: other.client.id })).statusCode).toBe(404);
    expect(
      (await portal.call(wealth.clientAccountList.path, { client_id: other.client.id })).statusCode,
    ).toBe(404);
    const otherTransactions = await portal.call(wealth.productTransactionList.path, {
      client_id: other.client.id,
      product_id: other.account.id,
    });
    expect(otherTransactions.statusCode).toBe(404);

    const mutations: [string, Record<string, unknown>][] = [
      [wealth.clientCreate.path, { name: 'Nuevo', alias: 'nuevo', entities: [] }],
      [wealth.clientEdit.path, { client_id: mine.client.id, name: 'X', alias: 'x', entities: [] }],
      [wealth.clientDelete.path, { client_id: mine.client.id }],
      [wealth.clientUnmatchProduct.path, { client_id: mine.client.id, product_id: mine.account.id }],
    ];
    for (const [path, payload] of mutations) {
      const response = await portal.call(path, payload);
      expect({ path, status: response.statusCode, code: response.json().error.code }).toEqual({
        path,
        status: 403,
        code: 'Forbidden',
      });
    }
  });
});

describe('the wealth module', () => {
  it('answers 403 ModuleDisabled to a company without it, on every call', async () => {
    const tenant = await signInTenant(t, { modules: ['applications'] });
    for (const call of Object.values(wealth)) {
      if (typeof call !== 'object' || call === null || !('path' in call) || !('access' in call)) continue;
      const response = await tenant.call(call.path as string, {});
      expect({ path: call.path, code: response.json().error?.code }).toEqual({
        path: call.path,
        code: 'ModuleDisabled',
      });
    }
  });
});
