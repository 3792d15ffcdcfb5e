import type {
  AllocationSlice,
  ClientOverview,
  HistoryBucket,
  HistoryRange,
  InvestmentHistory,
  NetPosition,
  TimelineTransaction,
  ValueHistory,
} from '@caudal/contract';
import { TIMELINE_MAX_TRANSACTIONS } from '@caudal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Actor } from '../../shared/auth/actor';
import { historyBounds, pointDay, pointOf } from './history-points';

/**
 * The overview's figures and the history charts (issue 31, decisions 0035 and 0050). Each chart is one
 * SQL statement: the database picks the points by the span (history-points.ts), carries the last value
 * across points without one, and sums per currency; the process only reshapes a few rows. Money stays `numeric`
 * until the last step, so totals agree to the cent with the product tabs. Callers check the client
 * (and product) first: these functions trust their ids but still filter by the actor's company.
 */

/** The interval SQL subtracts from today for a range; `all` starts at the first record instead. */
const RANGE_INTERVAL: Record<Exclude<HistoryRange, 'all'>, string> = {
  '1m': '1 month',
  '3m': '3 months',
  '12m': '12 months',
};

/** Today in UTC as `yyyy-mm-dd`: the day the portal's balances are "as of". */
export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** `from` of a fixed range, in SQL; `null` for `all`, which each query resolves from its own data. */
export const rangeStart = (range: HistoryRange, today: string) =>
  range === 'all'
    ? sql<string | null>`null::date`
    : sql<string>`(${today}::date - ${RANGE_INTERVAL[range]}::interval)::date`;

interface OverviewRow {
  kind: 'account' | 'portfolio' | 'liability';
  portfolio_type: string;
  entity_id: string;
  currency: string;
  value: string;
  count: number;
}

/** Net position per currency and the allocations: two grouped reads (products, then holdings). */
export async function findClientOverview(db: Db, actor: Actor, clientId: string): Promise<ClientOverview> {
  const products = await sql<OverviewRow>`
    select kind, coalesce(portfolio_type, '') as portfolio_type, entity_id, currency,
           sum(balance)::text as value, count(*)::int as count
    from products
    where company_id = ${actor.companyId} and client_id = ${clientId}
    group by kind, coalesce(portfolio_type, ''), entity_id, currency`.execute(db);
  const holdings = await sql<{ type: string; currency: string; value: string; count: number }>`
    select i.type, i.currency, sum(i.balance)::text as value, count(*)::int as count
    from products p
    join investments i on i.portfolio_id = p.id and i.company_id = p.company_id
    where p.company_id = ${actor.companyId} and p.client_id = ${clientId} and p.kind = 'portfolio'
    group by i.type, i.currency`.execute(db);

  // Sums in cents: exact, as the tabs' footers are.
  const cents = (value: string) => Math.round(Number(value) * 100);
  const positions = new Map<string, { accounts: number; portfolios: number; liabilities: number }>();
  const slices = {
    kind: new Map<string, AllocationSlice>(),
    entity: new Map<string, AllocationSlice>(),
    currency: new Map<string, AllocationSlice>(),
  };
  const add = (
    map: Map<string, AllocationSlice>,
    currency: string,
    key: string,
    value: number,
    n: number,
  ) => {
    const id = `${currency}|${key}`;
    const slice = map.get(id) ?? { currency, key, value: 0, count: 0 };
    slice.value += value;
    slice.count += n;
    map.set(id, slice);
  };
  for (const row of products.rows) {
    const value = cents(row.value);
    const position = positions.get(row.currency) ?? { accounts: 0, portfolios: 0, liabilities: 0 };
    if (row.kind === 'account') position.accounts += value;
    else if (row.kind === 'portfolio') position.portfolios += value;
    else position.liabilities += value;
    positions.set(row.currency, position);
    const kindKey = row.kind === 'portfolio' ? `portfolio:${row.portfolio_type}` : row.kind;
    add(slices.kind, row.currency, kindKey, Math.abs(value), row.count);
    if (row.kind !== 'liability') add(slices.entity, row.currency, row.entity_id, value, row.count);
    add(slices.currency, row.currency, row.currency, Math.abs(value), row.count);
  }
  const assetTypes = new Map<string, AllocationSlice>();
  for (const row of holdings.rows) add(assetTypes, row.currency, row.type, cents(row.value), row.count);

  const toMoney = (list: Iterable<AllocationSlice>) =>
    [...list]
      .map((slice) => ({ ...slice, value: slice.value / 100 }))
      .sort(
        (a, b) => a.currency.localeCompare(b.currency) || b.value - a.value || a.key.localeCompare(b.key),
      );
  const netPositions: NetPosition[] = [...positions]
    .map(([currency, p]) => ({
      currency,
      accounts: p.accounts / 100,
      portfolios: p.portfolios / 100,
      liabilities: p.liabilities / 100,
      net: (p.accounts + p.portfolios - p.liabilities) / 100,
    }))
    .sort((a, b) => Math.abs(b.net) - Math.abs(a.net) || a.currency.localeCompare(b.currency));
  return {
    positions: netPositions,
    by_kind: toMoney(slices.kind.values()),
    by_entity: toMoney(slices.entity.values()),
    by_currency: toMoney(slices.currency.values()),
    by_asset_type: toMoney(assetTypes.values()),
  };
}

interface ValueRow {
  from_day: string;
  to_day: string;
  bucket: HistoryBucket;
  currency: string | null;
  dates: string[] | null;
  vals: (number | null)[] | null;
  invested: (number | null)[] | null;
  units: (number | null)[] | null;
}

/**
 * A portfolio's (investment null) or an investment's stored valuations at the span's points (daily,
 * weekly or monthly, as the balance history: history-points.ts): the range's valuations in one index
 * range scan (the partial unique indexes of 0027), each numbered with its point, the last of each point
 * kept in one window pass, and each kept one expanded over the points it holds until the next; point 0
 * opens on the last valuation before the range, or on nothing (null) when there is none.
 */
async function findValueSeries(
  db: Db,
  actor: Actor,
  target: { portfolioId: string; investmentId: string | null },
  range: HistoryRange,
  today: string,
): Promise<ValueRow> {
  const own =
    target.investmentId === null
      ? sql`v.portfolio_id = ${target.portfolioId} and v.investment_id is null`
      : sql`v.investment_id = ${target.investmentId} and v.portfolio_id = ${target.portfolioId}`;
  const { rows } = await sql<ValueRow>`
    with b as (${historyBounds(
      sql`least(coalesce(${rangeStart(range, today)},
                         (select min(v.valued_on) from valuations v where ${own} and v.company_id = ${actor.companyId}),
                         ${today}::date), ${today}::date)`,
      sql`${today}`,
    )}),
    opening as (
      select v.balance, v.invested, v.amount, v.currency from valuations v, b
      where ${own} and v.company_id = ${actor.companyId} and v.valued_on < b.from_day
      order by v.valued_on desc limit 1
    ),
    marks as (
      select b.from_day - 1 as day, 0 as n, o.balance, o.invested, o.amount, o.currency
      from b left join opening o on true
      union all
      select v.valued_on, ${pointOf(sql`v.valued_on`)}, v.balance, v.invested, v.amount, v.currency
      from valuations v, b
      where ${own} and v.company_id = ${actor.companyId} and v.valued_on between b.from_day and b.to_day
    ),
    holds as (
      select * from (select m.*, lead(m.n) over (order by m.day) as next_n from marks m) m
      where next_n is distinct from n
    ),
    points as (
      select g.n, h.balance, h.invested, h.amount, h.currency
      from holds h cross join b
      cross join lateral generate_series(h.n, coalesce(h.next_n, b.last_point + 1) - 1) g(n)
    )
    select to_char(b.from_day, 'YYYY-MM-DD') as from_day, to_char(b.to_day, 'YYYY-MM-DD') as to_day,
           b.bucket,
           (select currency from points where currency is not null order by n desc limit 1) as currency,
           (select json_agg(to_char(${pointDay(sql`g.n`)}, 'YYYY-MM-DD') order by g.n)
            from generate_series(0, b.last_point) g(n)) as dates,
           (select json_agg(balance::float8 order by n) from points) as vals,
           (select json_agg(invested::float8 order by n) from points) as invested,
           (select json_agg(amount::float8 order by n) from points) as units
    from b`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('The bounds row is always there');
  return row;
}

export async function findPortfolioValueHistory(
  db: Db,
  actor: Actor,
  portfolio: { id: string; currency: string },
  range: HistoryRange,
  today: string,
): Promise<ValueHistory> {
  const row = await findValueSeries(
    db,
    actor,
    { portfolioId: portfolio.id, investmentId: null },
    range,
    today,
  );
  return {
    from: row.from_day,
    to: row.to_day,
    currency: row.currency ?? portfolio.currency,
    bucket: row.bucket,
    dates: row.dates ?? [],
    values: row.vals ?? [],
    invested: row.invested ?? [],
  };
}

export async function findInvestmentHistory(
  db: Db,
  actor: Actor,
  investment: { id: string; portfolioId: string; currency: string },
  range: HistoryRange,
  today: string,
): Promise<InvestmentHistory> {
  const row = await findValueSeries(
    db,
    actor,
    { portfolioId: investment.portfolioId, investmentId: investment.id },
    range,
    today,
  );
  // The timeline's movements: the newest of the range, off the investment's keyset index.
  const { rows } = await sql<TimelineTransaction>`
    select t.id::text as id, to_char(t.operation_date, 'YYYY-MM-DD') as "operationDate", t.type,
           t.amount::float8 as amount, t.net_cash::float8 as "netCash", t.description
    from investment_transactions t
    where t.investment_id = ${investment.id} and t.company_id = ${actor.companyId}
      and t.operation_date between ${row.from_day}::date and ${row.to_day}::date
    order by t.operation_date desc, t.id desc
    limit ${TIMELINE_MAX_TRANSACTIONS}`.execute(db);
  return {
    from: row.from_day,
    to: row.to_day,
    currency: row.currency ?? investment.currency,
    bucket: row.bucket,
    dates: row.dates ?? [],
    values: row.vals ?? [],
    invested: row.invested ?? [],
    units: row.units ?? [],
    transactions: rows.reverse(),
  };
}
