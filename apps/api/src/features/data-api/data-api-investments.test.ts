import { wealth } from '@caudal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createInvestment, createInvestmentTransactions } from '../seed/wealth-factories';
import { createClientWithProducts, type SignedInTenant, signInTenant } from '../wealth/wealth-fixtures';
import { createApplicationFor, dataGet, getToken } from './data-api-fixtures';

/** A portfolio's investments and their movements, as an integrator reads them. */
let t: TestApp;
let tenant: SignedInTenant;
let token: string;
let book: Awaited<ReturnType<typeof createClientWithProducts>>;
let fund: { id: string };
let etf: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  tenant = await signInTenant(t);
  book = await createClientWithProducts(t, tenant.companyId, 'Ana Martínez');
  const portfolioId = book.portfolio.id;
  fund = await createInvestment(t.db, {
    companyId: tenant.companyId,
    portfolioId,
    name: 'A Fondo Global',
    isin: 'IE00B4L5Y983',
    amount: 1234.5678901234,
  });
  etf = await createInvestment(t.db, {
    companyId: tenant.companyId,
    portfolioId,
    name: 'B Sin ISIN',
    isin: null,
  });
  await createInvestmentTransactions(t.db, {
    companyId: tenant.companyId,
    portfolioId,
    investmentId: fund.id,
    count: 70,
  });
  await createInvestmentTransactions(t.db, {
    companyId: tenant.companyId,
    portfolioId,
    investmentId: etf.id,
    count: 30,
    firstDate: '2024-06-01',
  });
  token = await getToken(t, await createApplicationFor(tenant, 'ERP'));
});
afterAll(() => t.close());

const base = () => `/api/v1/clients/${book.client.id}/portfolios/${book.portfolio.id}`;

describe('a portfolio’s investments', () => {
  it('lists each holding: ISIN, type, participations, value and currency, as the portal has them', async () => {
    const response = await dataGet(t.app, token, `${base()}/investments`);
    expect(response.statusCode).toBe(200);
    const { items } = response.json();
    expect(items).toHaveLength(2);
    expect(items[0]).toEqual({
      id: fund.id,
      portfolio_id: book.portfolio.id,
      name: 'A Fondo Global',
      isin: 'IE00B4L5Y983',
      type: 'F',
      amount: 1234.5678901234,
      balance: 2500.5,
      currency: 'EUR',
      refAccount: null,
    });
    expect(items[1]).toMatchObject({ id: etf.id, isin: null });
    const portal = await tenant.call(wealth.portfolioInvestmentList.path, {
      client_id: book.client.id,
      portfolio_id: book.portfolio.id,
    });
    expect(items).toEqual(portal.json());
  });
});

describe('a portfolio’s investment transactions', () => {
  it('pages every investment’s movements by keyset, newest first, the same pages as the portal', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?limit=40&cursor=${encodeURIComponent(cursor)}` : '?limit=40';
      const data = await dataGet(t.app, token, `${base()}/transactions${query}`);
      expect(data.statusCode).toBe(200);
      const portal = await tenant.call(wealth.portfolioTransactionList.path, {
        client_id: book.client.id,
        portfolio_id: book.portfolio.id,
        limit: 40,
        ...(cursor ? { cursor } : {}),
      });
      expect(data.json()).toEqual(portal.json());
      const body: { items: { id: string; operationDate: string }[]; next_cursor: string | null } =
        data.json();
      const dates = body.items.map((item) => item.operationDate);
      expect(dates).toEqual([...dates].sort().reverse());
      seen.push(...body.items.map((item) => item.id));
      cursor = body.next_cursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(100);
  });

  it('narrows to one investment and to a date range', async () => {
    const one = await dataGet(t.app, token, `${base()}/transactions?investment_id=${etf.id}&limit=200`);
    expect(one.json().items).toHaveLength(30);
    expect(one.json().items.every((item: { investment_id: string }) => item.investment_id === etf.id)).toBe(
      true,
    );
    const ranged = await dataGet(
      t.app,
      token,
      `${base()}/transactions?investment_id=${fund.id}&date_from=2023-01-01&date_to=2023-01-05`,
    );
    // Two a day from 2023-01-01: five days.
    expect(ranged.json().items).toHaveLength(10);
    expect(ranged.json().items[0]).toMatchObject({
      investment_name: 'A Fondo Global',
      amount: 1.25,
      netCash: -100,
      type: 8,
      operationDate: '2023-01-05',
    });
  });

  it('an investment of another portfolio, or no investment, is a 404 naming the field', async () => {
    const response = await dataGet(
      t.app,
      token,
      `${base()}/transactions?investment_id=00000000-0000-4000-8000-000000000000`,
    );
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('investment_id names no investment of this portfolio.');
  });

  it('a portfolio asked for as a product points to its own route', async () => {
    const response = await dataGet(
      t.app,
      token,
      `/api/v1/clients/${book.client.id}/products/${book.portfolio.id}/transactions`,
    );
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe(
      `product_id is a portfolio: read its movements from ${base()}/transactions.`,
    );
  });
});

describe('scope', () => {
  it('another company’s portfolio is a 404 on both calls, never its data', async () => {
    const other = await signInTenant(t);
    const theirToken = await getToken(t, await createApplicationFor(other, 'ERP'));
    for (const path of [`${base()}/investments`, `${base()}/transactions`]) {
      const response = await dataGet(t.app, theirToken, path);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NotFound');
      expect(response.body).not.toContain('Fondo');
    }
    // Their own client with this company's portfolio id: still not found.
    const theirs = await createClientWithProducts(t, other.companyId, 'Bruno');
    const crossed = `/api/v1/clients/${theirs.client.id}/portfolios/${book.portfolio.id}/investments`;
    const response = await dataGet(t.app, theirToken, crossed);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('portfolio_id names no portfolio of this client.');
  });

  it('an account or another client’s portfolio is not a portfolio of this client', async () => {
    const second = await createClientWithProducts(t, tenant.companyId, 'Carla');
    for (const path of [
      `/api/v1/clients/${book.client.id}/portfolios/${book.account.id}/investments`,
      `/api/v1/clients/${book.client.id}/portfolios/${second.portfolio.id}/transactions`,
      `/api/v1/clients/${book.client.id}/portfolios/not-a-uuid/investments`,
    ]) {
      const response = await dataGet(t.app, token, path);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe('portfolio_id names no portfolio of this client.');
    }
  });
});
