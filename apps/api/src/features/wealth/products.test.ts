import { wealth } from '@caudal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createInvestment, createInvestmentTransactions, createProduct } from '../seed/wealth-factories';
import { createClientWithProducts, signInTenant } from './wealth-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a client’s products', () => {
  it('lists accounts, portfolios and liabilities with exact numbers and text dates', async () => {
    const tenant = await signInTenant(t);
    const { client, account, portfolio, liability } = await createClientWithProducts(t, tenant.companyId);
    await createInvestment(t.db, { companyId: tenant.companyId, portfolioId: portfolio.id });
    await createInvestment(t.db, { companyId: tenant.companyId, portfolioId: portfolio.id });
    // Hidden or pending products of the company never show under a client.
    await createProduct(t.db, { companyId: tenant.companyId, kind: 'account' });

    const accounts = await tenant.call(wealth.clientAccountList.path, { client_id: client.id });
    expect(accounts.json()).toEqual([
      {
        id: account.id,
        alias: null,
        name: 'Cuenta',
        balance: 1000,
        currency: 'EUR',
        entity: 'santander',
        iban: null,
      },
    ]);
    const portfolios = await tenant.call(wealth.clientPortfolioList.path, { client_id: client.id });
    expect(portfolios.json()).toEqual([
      {
        id: portfolio.id,
        name: 'Cartera',
        type: 'F',
        balance: 1000,
        currency: 'EUR',
        entity: 'santander',
        investments_count: 2,
      },
    ]);
    const liabilities = await tenant.call(wealth.clientLiabilityList.path, { client_id: client.id });
    expect(liabilities.json()).toEqual([
      {
        id: liability.id,
        name: 'Hipoteca',
        type: 'Loan',
        balance: 1000,
        capitalInitial: 150000,
        capitalAvailable: 0,
        currency: 'EUR',
        entity: 'santander',
        openingDate: '2020-03-01',
        expirationDate: '2045-03-01',
      },
    ]);
    const got = await tenant.call(wealth.clientGet.path, { client_id: client.id });
    expect(got.json().products_count).toBe(3);
  });

  it('answers 404 for the lists of an unknown client', async () => {
    const tenant = await signInTenant(t);
    for (const path of [
      wealth.clientAccountList.path,
      wealth.clientPortfolioList.path,
      wealth.clientLiabilityList.path,
    ]) {
      expect(
        (await tenant.call(path, { client_id: '00000000-0000-4000-8000-000000000000' })).statusCode,
      ).toBe(404);
    }
  });
});

describe('unmatching a product', () => {
  it('takes the product off the client and back to the pending list', async () => {
    const tenant = await signInTenant(t);
    const { client, account } = await createClientWithProducts(t, tenant.companyId);
    const response = await tenant.call(wealth.clientUnmatchProduct.path, {
      client_id: client.id,
      product_id: account.id,
    });
    expect(response.json()).toEqual({ success: true });
    expect((await tenant.call(wealth.clientAccountList.path, { client_id: client.id })).json()).toEqual([]);
    const stored = await t.db
      .selectFrom('products')
      .select(['client_id', 'hidden_at'])
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ client_id: null, hidden_at: null });
    const again = await tenant.call(wealth.clientUnmatchProduct.path, {
      client_id: client.id,
      product_id: account.id,
    });
    expect(again.statusCode).toBe(404);
  });

  it('answers 404 for a product of another client of the same company', async () => {
    const tenant = await signInTenant(t);
    const first = await createClientWithProducts(t, tenant.companyId);
    const second = await createClientWithProducts(t, tenant.companyId);
    const response = await tenant.call(wealth.clientUnmatchProduct.path, {
      client_id: first.client.id,
      product_id: second.account.id,
    });
    expect(response.statusCode).toBe(404);
    const stored = await t.db
      .selectFrom('products')
      .select('client_id')
      .where('id', '=', second.account.id)
      .executeTakeFirstOrThrow();
    expect(stored.client_id).toBe(second.client.id);
  });
});

describe('investments', () => {
  it('lists a portfolio’s investments and reads one, with 10-decimal participations', async () => {
    const tenant = await signInTenant(t);
    const { client, portfolio, account } = await createClientWithProducts(t, tenant.companyId);
    const investment = await createInvestment(t.db, {
      companyId: tenant.companyId,
      portfolioId: portfolio.id,
      name: 'Fondo A',
    });
    const ref = { client_id: client.id, portfolio_id: portfolio.id };
    const expected = {
      id: investment.id,
      portfolio_id: portfolio.id,
      name: 'Fondo A',
      isin: 'ES0165151004',
      type: 'F',
      amount: 123.4567890123,
      balance: 2500.5,
      currency: 'EUR',
      refAccount: null,
    };
    expect((await tenant.call(wealth.portfolioInvestmentList.path, ref)).json()).toEqual([expected]);
    expect(
      (await tenant.call(wealth.investmentGet.path, { ...ref, investment_id: investment.id })).json(),
    ).toEqual(expected);
    // An account is not a portfolio; an investment of another portfolio is not found.
    const asPortfolio = { client_id: client.id, portfolio_id: account.id };
    expect((await tenant.call(wealth.portfolioInvestmentList.path, asPortfolio)).statusCode).toBe(404);
    const other = await createClientWithProducts(t, tenant.companyId);
    const foreign = await createInvestment(t.db, {
      companyId: tenant.companyId,
      portfolioId: other.portfolio.id,
    });
    expect(
      (await tenant.call(wealth.investmentGet.path, { ...ref, investment_id: foreign.id })).statusCode,
    ).toBe(404);
    expect((await tenant.call(wealth.investmentGet.path, { ...ref, investment_id: 'x' })).statusCode).toBe(
      404,
    );
  });

  it('lists portfolio transactions, of all investments or of one', async () => {
    const tenant = await signInTenant(t);
    const { client, portfolio } = await createClientWithProducts(t, tenant.companyId);
    const first = await createInvestment(t.db, {
      companyId: tenant.companyId,
      portfolioId: portfolio.id,
      name: 'Uno',
    });
    const second = await createInvestment(t.db, {
      companyId: tenant.companyId,
      portfolioId: portfolio.id,
      name: 'Dos',
    });
    const series = { companyId: tenant.companyId, portfolioId: portfolio.id };
    await createInvestmentTransactions(t.db, { ...series, investmentId: first.id, count: 30 });
    await createInvestmentTransactions(t.db, { ...series, investmentId: second.id, count: 20 });
    const ref = { client_id: client.id, portfolio_id: portfolio.id };
    const all = await tenant.call(wealth.portfolioTransactionList.path, { ...ref, limit: 200 });
    expect(all.json().items).toHaveLength(50);
    expect(all.json().next_cursor).toBeNull();
    expect(all.json().items[0]).toMatchObject({
      amount: 1.25,
      netCash: -100,
      type: 8,
      investment_name: 'Uno',
    });
    const one = await tenant.call(wealth.portfolioTransactionList.path, {
      ...ref,
      investment_id: second.id,
      limit: 200,
    });
    expect(one.json().items).toHaveLength(20);
    expect(
      one.json().items.every((item: { investment_id: string }) => item.investment_id === second.id),
    ).toBe(true);
    const paged = await tenant.call(wealth.portfolioTransactionList.path, { ...ref, limit: 40 });
    const rest = await tenant.call(wealth.portfolioTransactionList.path, {
      ...ref,
      limit: 40,
      cursor: paged.json().next_cursor,
    });
    const ids = [...paged.json().items, ...rest.json().items].map((item: { id: string }) => item.id);
    expect(new Set(ids).size).toBe(50);
    const foreign = await createInvestment(t.db, {
      companyId: tenant.companyId,
      portfolioId: (await createClientWithProducts(t, tenant.companyId)).portfolio.id,
    });
    expect(
      (await tenant.call(wealth.portfolioTransactionList.path, { ...ref, investment_id: foreign.id }))
        .statusCode,
    ).toBe(404);
  });
});
