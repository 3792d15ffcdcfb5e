import { type BalanceHistory, type ClientOverview, type ValueHistory, wealth } from '@caudal/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createApplicationFor, dataGet, getToken } from '../data-api/data-api-fixtures';
import {
  assignPortalClients,
  createClient,
  createInvestment,
  createInvestmentTransactions,
  createProduct,
} from '../seed/wealth-factories';
import {
  createClientWithProducts,
  type SignedInTenant,
  signInPortalUser,
  signInTenant,
} from './wealth-fixtures';

/**
 * The overview's net position and the balance history (issue 31). The test clock reads 2030-01-15, so
 * `1m` runs from 2029-12-15: 32 days.
 */
let t: TestApp;
let tenant: SignedInTenant;
let client: { id: string };
let eur: { id: string };
let usd: { id: string };
let loan: { id: string };
let quiet: { id: string };

type Movement = [date: string, amount: number, balance: number];
async function addMovements(productId: string, movements: Movement[]) {
  for (const [index, [date, amount, balance]] of movements.entries()) {
    await sql`
      insert into product_transactions
        (company_id, product_id, external_id, operation_date, value_date, amount, balance, description)
      values (${tenant.companyId}::uuid, ${productId}::uuid, ${`m-${productId}-${date}-${index}`}, ${date}::date,
              ${date}::date, ${amount}, ${balance}, 'Movimiento')`.execute(t.db);
  }
}

beforeAll(async () => {
  t = await createTestApp();
  tenant = await signInTenant(t);
  client = await createClient(t.db, { companyId: tenant.companyId, name: 'Lucía Gómez' });
  const product = (
    kind: 'account' | 'liability' | 'portfolio',
    name: string,
    balance: number,
    currency = 'EUR',
  ) =>
    createProduct(t.db, { companyId: tenant.companyId, clientId: client.id, kind, name, balance, currency });
  eur = await product('account', 'Cuenta nómina', 1500);
  usd = await product('account', 'Cuenta dólares', 800, 'USD');
  loan = await product('liability', 'Préstamo', 5000);
  quiet = await product('account', 'Cuenta sin movimientos', 42.1);
  await product('portfolio', 'Cartera', 2000.33);
  // Gaps between movements, two on one day (the later id wins), and one before the range.
  await addMovements(eur.id, [
    ['2029-12-20', 100, 1100],
    ['2030-01-05', 250.55, 1350.55],
    ['2030-01-05', -50.55, 1300],
    ['2030-01-10', 200, 1500],
  ]);
  await addMovements(usd.id, [
    ['2029-11-30', 50, 1100],
    ['2030-01-02', -200, 900],
  ]);
  // A liability's running balance is the debt: an instalment (positive) lowers it.
  await addMovements(loan.id, [['2030-01-03', 500, 5000]]);
});
afterAll(() => t.close());

const history = async (range: string, clientId = client.id) => {
  const response = await tenant.call(wealth.clientBalanceHistory.path, { client_id: clientId, range });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<BalanceHistory>();
};
const valuesOf = (answer: BalanceHistory, productId: string) =>
  answer.series.find((series) => series.product_id === productId)?.values ?? [];
/** The value on each day, as runs: [first day, value] whenever it changes. */
const runs = (dates: string[], values: number[]) =>
  values.flatMap((value, index) =>
    index === 0 || values[index - 1] !== value ? [[dates[index], value]] : [],
  );

describe('client balance history', () => {
  it('carries running balances across gaps, opens before the first movement, and ends on the balance', async () => {
    const answer = await history('1m');
    expect(answer.from).toBe('2029-12-15');
    expect(answer.to).toBe('2030-01-15');
    expect(answer.dates).toHaveLength(32);
    expect(runs(answer.dates, valuesOf(answer, eur.id))).toEqual([
      ['2029-12-15', 1000],
      ['2029-12-20', 1100],
      ['2030-01-05', 1300],
      ['2030-01-10', 1500],
    ]);
    // The last running balance (900) and the account's (800) disagree: the account wins on the last day.
    expect(runs(answer.dates, valuesOf(answer, usd.id))).toEqual([
      ['2029-12-15', 1100],
      ['2030-01-02', 900],
      ['2030-01-15', 800],
    ]);
    const usdSeries = answer.series.find((series) => series.product_id === usd.id);
    expect(usdSeries).toMatchObject({ balance: 800, last_running_balance: 900, difference: -100 });
    expect(answer.series.find((series) => series.product_id === eur.id)?.difference).toBe(0);
    expect(runs(answer.dates, valuesOf(answer, loan.id))).toEqual([
      ['2029-12-15', 5500],
      ['2030-01-03', 5000],
    ]);
    expect(runs(answer.dates, valuesOf(answer, quiet.id))).toEqual([['2029-12-15', 42.1]]);
    // Portfolios have no movements: they are not lines here (their values are valuations).
    expect(answer.series.map((series) => series.kind).sort()).toEqual([
      'account',
      'account',
      'account',
      'liability',
    ]);
    const eurTotal = answer.totals.find((total) => total.currency === 'EUR')?.values ?? [];
    expect(eurTotal[0]).toBeCloseTo(1000 + 42.1 - 5500, 2);
    expect(eurTotal.at(-1)).toBe(1500 + 42.1 - 5000);
    expect(answer.totals.map((total) => total.currency)).toEqual(['EUR', 'USD']);
  });

  it('ends, per currency, on the totals of the product tabs (to the cent) and the overview', async () => {
    const sum = (rows: { balance: number; currency: string }[], currency: string) =>
      rows
        .filter((row) => row.currency === currency)
        .reduce((total, row) => total + Math.round(row.balance * 100), 0) / 100;
    const body = { client_id: client.id };
    const accounts = (await tenant.call(wealth.clientAccountList.path, body)).json();
    const liabilities = (await tenant.call(wealth.clientLiabilityList.path, body)).json();
    const portfolios = (await tenant.call(wealth.clientPortfolioList.path, body)).json();
    for (const range of ['1m', '3m', '12m', 'all']) {
      const answer = await history(range);
      for (const total of answer.totals) {
        expect(total.values.at(-1)).toBe(
          (Math.round(sum(accounts, total.currency) * 100) -
            Math.round(sum(liabilities, total.currency) * 100)) /
            100,
        );
      }
    }
    const overview = (await tenant.call(wealth.clientOverview.path, body)).json<ClientOverview>();
    for (const position of overview.positions) {
      expect(position.accounts).toBe(sum(accounts, position.currency));
      expect(position.portfolios).toBe(sum(portfolios, position.currency));
      expect(position.liabilities).toBe(sum(liabilities, position.currency));
    }
    expect(overview.positions).toEqual([
      { currency: 'EUR', accounts: 1542.1, portfolios: 2000.33, liabilities: 5000, net: -1457.57 },
      { currency: 'USD', accounts: 800, portfolios: 0, liabilities: 0, net: 800 },
    ]);
    expect(overview.by_kind).toContainEqual({
      currency: 'EUR',
      key: 'portfolio:F',
      value: 2000.33,
      count: 1,
    });
    expect(overview.by_kind).toContainEqual({ currency: 'EUR', key: 'liability', value: 5000, count: 1 });
    expect(overview.by_entity).toContainEqual({
      currency: 'EUR',
      key: 'santander',
      value: 3542.43,
      count: 3,
    });
    expect(overview.by_currency).toContainEqual({ currency: 'USD', key: 'USD', value: 800, count: 1 });
  });

  it('starts `all` at the first movement, and answers one point for a client without movements', async () => {
    const all = await history('all');
    expect(all.from).toBe('2029-11-30');
    expect(valuesOf(all, usd.id)[0]).toBe(1100);
    expect(valuesOf(all, eur.id)[0]).toBe(1000);
    const empty = await createClient(t.db, { companyId: tenant.companyId });
    const answer = await history('all', empty.id);
    expect(all.bucket).toBe('day');
    expect(answer).toEqual({
      from: '2030-01-15',
      to: '2030-01-15',
      bucket: 'day',
      dates: ['2030-01-15'],
      series: [],
      totals: [],
    });
  });

  it('answers `all` over years week by week, and over more than five years month by month', async () => {
    const long = await createClient(t.db, { companyId: tenant.companyId, name: 'Años de movimientos' });
    const product = (kind: 'account' | 'liability', balance: number) =>
      createProduct(t.db, { companyId: tenant.companyId, clientId: long.id, kind, balance, currency: 'EUR' });
    // The account's last running balance (1000) and its balance (900) disagree; the loan starts later.
    const account = await product('account', 900);
    const loan = await product('liability', 300);
    await addMovements(account.id, [
      ['2026-01-05', 100, 600],
      ['2027-06-10', 400, 1000],
    ]);
    await addMovements(loan.id, [['2028-03-01', 200, 300]]);

    const weekly = await history('all', long.id);
    expect(weekly.from).toBe('2026-01-05');
    expect(weekly.bucket).toBe('week');
    // Each week's last day (Sunday), seven days apart, then today: a few hundred points, not 1,472.
    expect(weekly.dates[0]).toBe('2026-01-11');
    expect(weekly.dates.at(-1)).toBe('2030-01-15');
    expect(weekly.dates.at(-2)).toBe('2030-01-13');
    const days = weekly.dates.map((date) => Date.parse(`${date}T00:00:00Z`) / 86_400_000);
    for (const [index, day] of days.slice(0, -1).entries()) {
      expect(new Date(day * 86_400_000).getUTCDay()).toBe(0);
      if (index > 0) expect(day - (days[index - 1] ?? 0)).toBe(7);
    }
    expect(weekly.dates).toHaveLength(211);
    expect(runs(weekly.dates, valuesOf(weekly, account.id))).toEqual([
      ['2026-01-11', 600],
      ['2027-06-13', 1000],
      ['2030-01-15', 900],
    ]);
    // Before its first movement the debt was 500 (300 after an instalment of 200).
    expect(runs(weekly.dates, valuesOf(weekly, loan.id))).toEqual([
      ['2026-01-11', 500],
      ['2028-03-05', 300],
    ]);
    expect(weekly.series.find((series) => series.product_id === account.id)?.difference).toBe(-100);
    const total = weekly.totals.find((item) => item.currency === 'EUR')?.values ?? [];
    expect(runs(weekly.dates, total)).toEqual([
      ['2026-01-11', 100],
      ['2027-06-13', 500],
      ['2028-03-05', 700],
      ['2030-01-15', 600],
    ]);
    // The data API answers the same series.
    const token = await getToken(t, await createApplicationFor(tenant));
    const data = await dataGet(t.app, token, `/api/v1/clients/${long.id}/balance-history?range=all`);
    expect(data.statusCode, data.body).toBe(200);
    expect(data.json()).toEqual(weekly);
    // A fixed range stays daily whatever the client's history.
    const year = await history('12m', long.id);
    expect(year.bucket).toBe('day');
    expect(year.dates).toHaveLength(366);

    // Six years back: each month's last day, then today.
    await addMovements(account.id, [['2024-05-20', 50, 500]]);
    const monthly = await history('all', long.id);
    expect(monthly.from).toBe('2024-05-20');
    expect(monthly.bucket).toBe('month');
    expect(monthly.dates.slice(0, 3)).toEqual(['2024-05-31', '2024-06-30', '2024-07-31']);
    expect(monthly.dates.slice(-3)).toEqual(['2029-11-30', '2029-12-31', '2030-01-15']);
    expect(monthly.dates).toHaveLength(69);
    expect(runs(monthly.dates, valuesOf(monthly, account.id))).toEqual([
      ['2024-05-31', 500],
      ['2026-01-31', 600],
      ['2027-06-30', 1000],
      ['2030-01-15', 900],
    ]);
    expect(runs(monthly.dates, valuesOf(monthly, loan.id))).toEqual([
      ['2024-05-31', 500],
      ['2028-03-31', 300],
    ]);
  });

  it('picks the step by the span at its limits: 400 days daily, 401 weekly, 1,831 monthly', async () => {
    const spanOf = async (firstDay: string) => {
      const edge = await createClient(t.db, { companyId: tenant.companyId });
      const account = await createProduct(t.db, {
        companyId: tenant.companyId,
        clientId: edge.id,
        kind: 'account',
        balance: 1,
      });
      await addMovements(account.id, [[firstDay, 1, 1]]);
      const answer = await history('all', edge.id);
      return [answer.bucket, answer.dates.length];
    };
    expect(await spanOf('2028-12-11')).toEqual(['day', 401]);
    expect((await spanOf('2028-12-10'))[0]).toBe('week');
    expect((await spanOf('2025-01-11'))[0]).toBe('week');
    expect((await spanOf('2025-01-10'))[0]).toBe('month');
  });

  it('keeps each day’s close as movements arrive: the last by id with a balance, older days too', async () => {
    const late = await createClient(t.db, { companyId: tenant.companyId });
    const account = await createProduct(t.db, {
      companyId: tenant.companyId,
      clientId: late.id,
      kind: 'account',
      balance: 30,
    });
    const insert = (rows: [string, number, number | null][]) =>
      sql`
        insert into product_transactions
          (company_id, product_id, external_id, operation_date, value_date, amount, balance, description)
        select ${tenant.companyId}::uuid, ${account.id}::uuid, 'late-' || r.day || '-' || r.n, r.day, r.day,
               r.amount, r.balance, 'Movimiento'
        from jsonb_to_recordset(${JSON.stringify(rows.map(([day, amount, balance], n) => ({ day, amount, balance, n: `${n}-${amount}` })))}::jsonb)
          as r(day date, amount numeric, balance numeric, n text)
        order by r.n`.execute(t.db);
    // One statement: two movements on 2030-01-10 (the later id closes the day), one without a
    // balance after them (it closes nothing), and an older day.
    await insert([
      ['2030-01-10', 5, 10],
      ['2030-01-10', 10, 20],
      ['2030-01-10', 1, null],
      ['2030-01-08', 5, 5],
    ]);
    // A later refresh brings a newer movement of that day and one of a day before all the others.
    await insert([
      ['2030-01-10', 10, 30],
      ['2030-01-05', 2, 2],
    ]);
    const closes = await sql<{ day: string; balance: string }>`
      select to_char(day, 'YYYY-MM-DD') as day, balance::text as balance from product_day_balances
      where product_id = ${account.id}::uuid order by day`.execute(t.db);
    expect(closes.rows).toEqual([
      { day: '2030-01-05', balance: '2.00' },
      { day: '2030-01-08', balance: '5.00' },
      { day: '2030-01-10', balance: '30.00' },
    ]);
    const answer = await history('1m', late.id);
    expect(runs(answer.dates, valuesOf(answer, account.id))).toEqual([
      ['2029-12-15', 0],
      ['2030-01-05', 2],
      ['2030-01-08', 5],
      ['2030-01-10', 30],
    ]);
  });

  it('refuses an unknown range', async () => {
    const response = await tenant.call(wealth.clientBalanceHistory.path, {
      client_id: client.id,
      range: '5y',
    });
    expect(response.statusCode).toBe(400);
  });

  it('shows a portal user only their clients’ series', async () => {
    const portal = await signInPortalUser(t, tenant);
    const other = await createClientWithProducts(t, tenant.companyId);
    await assignPortalClients(t.db, {
      userId: portal.userId,
      companyId: tenant.companyId,
      clientIds: [client.id],
    });
    const mine = await portal.call(wealth.clientBalanceHistory.path, { client_id: client.id, range: '1m' });
    expect(mine.statusCode).toBe(200);
    expect(mine.json<BalanceHistory>().series).toHaveLength(4);
    for (const path of [wealth.clientBalanceHistory.path, wealth.clientOverview.path]) {
      const theirs = await portal.call(path, { client_id: other.client.id, range: '1m' });
      expect(theirs.statusCode).toBe(404);
    }
  });

  it('answers 404 for another company’s client, on the portal and on the data API', async () => {
    const stranger = await signInTenant(t);
    const response = await stranger.call(wealth.clientBalanceHistory.path, {
      client_id: client.id,
      range: '1m',
    });
    expect(response.statusCode).toBe(404);
    expect((await stranger.call(wealth.clientOverview.path, { client_id: client.id })).statusCode).toBe(404);

    const theirToken = await getToken(t, await createApplicationFor(stranger));
    expect(
      (await dataGet(t.app, theirToken, `/api/v1/clients/${client.id}/balance-history`)).statusCode,
    ).toBe(404);
    const ourToken = await getToken(t, await createApplicationFor(tenant));
    const ours = await dataGet(t.app, ourToken, `/api/v1/clients/${client.id}/balance-history?range=1m`);
    expect(ours.statusCode, ours.body).toBe(200);
    expect(ours.json()).toEqual(await history('1m'));
    const bad = await dataGet(t.app, ourToken, `/api/v1/clients/${client.id}/balance-history?range=forever`);
    expect(bad.statusCode).toBe(400);
  });
});

describe('portfolio and investment history', () => {
  it('carries stored valuations day by day, null before the first, with the movements of the range', async () => {
    const book = await createClientWithProducts(t, tenant.companyId);
    const fund = await createInvestment(t.db, {
      companyId: tenant.companyId,
      portfolioId: book.portfolio.id,
    });
    const value = (investmentId: string | null, day: string, balance: number, invested: number) =>
      sql`insert into valuations (company_id, portfolio_id, investment_id, valued_on, balance, amount, invested, currency)
          values (${tenant.companyId}::uuid, ${book.portfolio.id}::uuid, ${investmentId}::uuid, ${day}::date,
                  ${balance}, ${investmentId ? 10 : null}, ${invested}, 'EUR')`.execute(t.db);
    await value(null, '2029-11-01', 800, 700);
    await value(null, '2030-01-03', 900, 1000);
    await value(null, '2030-01-10', 1100.5, 1000);
    await value(fund.id, '2030-01-10', 1100.5, 1000);
    await createInvestmentTransactions(t.db, {
      companyId: tenant.companyId,
      portfolioId: book.portfolio.id,
      investmentId: fund.id,
      count: 2,
      firstDate: '2030-01-09',
    });
    const portfolio = { client_id: book.client.id, portfolio_id: book.portfolio.id };
    const answer = (
      await tenant.call(wealth.portfolioValueHistory.path, { ...portfolio, range: '1m' })
    ).json();
    expect(answer.dates).toHaveLength(32);
    expect(answer.bucket).toBe('day');
    // The range opens on the last valuation before it; the investment, valued only later, on nothing.
    expect(runs(answer.dates, answer.values)).toEqual([
      ['2029-12-15', 800],
      ['2030-01-03', 900],
      ['2030-01-10', 1100.5],
    ]);
    expect(answer.invested.at(-1)).toBe(1000);
    const all = (await tenant.call(wealth.portfolioValueHistory.path, { ...portfolio, range: 'all' })).json();
    expect(all.from).toBe('2029-11-01');

    const detail = await tenant.call(wealth.investmentHistory.path, {
      ...portfolio,
      investment_id: fund.id,
      range: '1m',
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().units.at(-1)).toBe(10);
    expect(detail.json().values[0]).toBeNull();
    expect(detail.json().transactions.map((row: { operationDate: string }) => row.operationDate)).toEqual([
      '2030-01-09',
      '2030-01-09',
    ]);
    // Another client's portfolio is not found, even in the same company.
    const elsewhere = await tenant.call(wealth.portfolioValueHistory.path, {
      client_id: client.id,
      portfolio_id: book.portfolio.id,
      range: '1m',
    });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('answers a long `all` week by week, as the balance history does: each week’s last valuation, then today', async () => {
    const book = await createClientWithProducts(t, tenant.companyId);
    const value = (day: string, balance: number) =>
      sql`insert into valuations (company_id, portfolio_id, investment_id, valued_on, balance, invested, currency)
          values (${tenant.companyId}::uuid, ${book.portfolio.id}::uuid, null, ${day}::date, ${balance},
                  ${balance - 100}, 'EUR')`.execute(t.db);
    // A Thursday 593 days back, a Saturday, two days of one later week (the last wins), and today.
    for (const [day, balance] of [
      ['2028-06-01', 500],
      ['2029-03-10', 700],
      ['2029-03-13', 750],
      ['2029-03-15', 760],
      ['2030-01-15', 900],
    ] as const) {
      await value(day, balance);
    }
    const portfolio = { client_id: book.client.id, portfolio_id: book.portfolio.id };
    const all = (
      await tenant.call(wealth.portfolioValueHistory.path, { ...portfolio, range: 'all' })
    ).json<ValueHistory>();
    expect(all.from).toBe('2028-06-01');
    expect(all.bucket).toBe('week');
    expect(all.dates).toHaveLength(86);
    expect(all.dates.slice(0, 2)).toEqual(['2028-06-04', '2028-06-11']);
    expect(all.dates.slice(-2)).toEqual(['2030-01-13', '2030-01-15']);
    expect(runs(all.dates, all.values as number[])).toEqual([
      ['2028-06-04', 500],
      ['2029-03-11', 700],
      ['2029-03-18', 760],
      ['2030-01-15', 900],
    ]);
    expect(all.invested.at(-1)).toBe(800);
    const year = (
      await tenant.call(wealth.portfolioValueHistory.path, { ...portfolio, range: '12m' })
    ).json<ValueHistory>();
    expect(year.bucket).toBe('day');
    expect(year.dates).toHaveLength(366);
    expect(year.values[0]).toBe(500);
  });
});
