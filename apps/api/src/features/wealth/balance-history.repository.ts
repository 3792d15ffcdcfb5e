import type { BalanceHistory, HistoryBucket, HistoryRange } from '@caudal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Actor } from '../../shared/auth/actor';
import { historyBounds, pointDay, pointOf } from './history-points';
import { rangeStart } from './overview.repository';

interface HistoryRow {
  row_kind: 'product' | 'dates';
  product_id: string | null;
  kind: 'account' | 'liability' | null;
  name: string | null;
  entity: string | null;
  currency: string | null;
  balance: number | null;
  last_running: number | null;
  from_day: string;
  to_day: string;
  bucket: HistoryBucket;
  vals: (number | string)[] | null;
}

/**
 * Balances of the client's accounts and liabilities from the movements' running balances (issue 31,
 * decisions 0035, 0044 and 0050). A point's balance is the close of the last day on or before it that
 * had a movement (that day's last movement's running balance, by id), so days without movements carry
 * the last one; before a product's first movement it is the balance before it (an account's running
 * balance minus its amount; a liability's, which is the debt, plus it). The last point (today) is the
 * product's balance as the tabs show it: where it disagrees with the last running balance, it wins and
 * the difference is answered. Totals: accounts minus liabilities, per currency.
 *
 * One statement whose cost follows the day closes of the range, not the movements nor products × points
 * joined: it reads the closes the insert trigger of migration 0032 keeps (daily, an index range per
 * product, each close numbered with its point by arithmetic: history-points.ts; weekly or monthly, one
 * index seek per point), keeps each point's last close in one window pass, and writes each kept close
 * once, repeated over the points it holds until the next. The
 * opening (point 0) is the last close before the range (one seek), else the balance before the first
 * movement. Beyond the range, only each product's first and last movement are read (index seeks). The
 * totals per currency are the lines' sums, added here in cents (exact, and a third of the statement's
 * cost when grouped in SQL: decision 0050).
 */
export async function findBalanceHistory(
  db: Db,
  actor: Actor,
  clientId: string,
  range: HistoryRange,
  today: string,
): Promise<BalanceHistory> {
  const { rows } = await sql<HistoryRow>`
    with p as (
      select id, kind, name, entity_id, currency, balance
      from products
      where company_id = ${actor.companyId} and client_id = ${clientId} and kind in ('account', 'liability')
    ),
    edges as (
      select p.id, f.operation_date as first_day,
             f.balance - case when p.kind = 'liability' then -f.amount else f.amount end as before_first,
             l.balance as last_running
      from p
      left join lateral (
        select operation_date, amount, balance from product_transactions t
        where t.product_id = p.id order by t.operation_date, t.id limit 1
      ) f on true
      left join lateral (
        select balance from product_transactions t
        where t.product_id = p.id order by t.operation_date desc, t.id desc limit 1
      ) l on true
    ),
    b as (${historyBounds(
      sql`least(coalesce(${rangeStart(range, today)}, (select min(first_day) from edges), ${today}::date),
                ${today}::date)`,
      sql`${today}`,
    )}),
    marks as (
      -- Point 0's opening, then each point's close: daily, the range's day closes (one index range per
      -- product, each numbered with its point); weekly or monthly, the last close on or before each
      -- point (one index seek per point: a few hundred, where the range holds thousands of closes).
      select p.id, b.from_day - 1 as day, 0 as n, coalesce((
               select d.balance from product_day_balances d
               where d.product_id = p.id and d.day < b.from_day
               order by d.day desc limit 1
             ), e.before_first, p.balance) as balance
      from p join edges e on e.id = p.id cross join b
      union all
      select d.product_id, d.day, ${pointOf(sql`d.day`)}, d.balance
      from p cross join b
      join product_day_balances d on d.product_id = p.id and d.day between b.from_day and b.to_day
      where b.bucket = 'day'
      union all
      select p.id, d.day, g.n, d.balance
      from p cross join b
      cross join generate_series(0, b.last_point) g(n)
      cross join lateral (
        select d.day, d.balance from product_day_balances d
        where d.product_id = p.id and d.day between b.from_day and ${pointDay(sql`g.n`)}
        order by d.day desc limit 1
      ) d
      where b.bucket <> 'day'
    ),
    lines as (
      -- A point's last mark holds its balance up to the next mark's point (one window pass over the
      -- marks in day order). A line is each held balance repeated over the points it holds, then the
      -- product's balance on the last point (today), built as JSON text: no row per point is made.
      select m.id, string_agg(repeat(m.balance::text || ',', coalesce(m.next_n, b.last_point) - m.n), ''
                              order by m.n) as body
      from (select id, n, balance, lead(n) over (partition by id order by day, n) as next_n from marks) m
      cross join b
      where m.next_n is distinct from m.n
      group by m.id
    ),
    labels as (
      select to_char(b.from_day, 'YYYY-MM-DD') as from_day, to_char(b.to_day, 'YYYY-MM-DD') as to_day,
             b.bucket
      from b
    )
    select 'dates' as row_kind, null as product_id, null as kind, null as name, null as entity,
           null as currency, null::float8 as balance, null::float8 as last_running,
           l.from_day, l.to_day, l.bucket,
           (select json_agg(${pointDay(sql`g.n`)} order by g.n)
            from b cross join generate_series(0, b.last_point) g(n)) as vals
    from labels l
    union all
    select 'product', p.id::text, p.kind, p.name, p.entity_id, p.currency,
           p.balance::float8, e.last_running::float8, l.from_day, l.to_day, l.bucket,
           ('[' || v.body || p.balance::text || ']')::json
    from p join edges e on e.id = p.id join lines v on v.id = p.id cross join labels l`.execute(db);

  const head = rows.find((row) => row.row_kind === 'dates');
  if (!head) throw new Error('The dates row is always there');
  const series = rows
    .filter((row) => row.row_kind === 'product')
    .map((row) => {
      const balance = row.balance ?? 0;
      return {
        product_id: row.product_id ?? '',
        kind: row.kind ?? 'account',
        name: row.name ?? '',
        entity: row.entity ?? '',
        currency: row.currency ?? '',
        values: (row.vals ?? []) as number[],
        balance,
        last_running_balance: row.last_running,
        difference:
          row.last_running === null
            ? 0
            : (Math.round(balance * 100) - Math.round(row.last_running * 100)) / 100,
      };
    })
    .sort(
      (a, b) =>
        a.kind.localeCompare(b.kind) ||
        a.name.localeCompare(b.name) ||
        a.product_id.localeCompare(b.product_id),
    );
  // Per currency and point, accounts minus liabilities: summed in cents, so exact to the cent as the
  // tabs' footers are (each value is a 2-decimal balance).
  const cents = new Map<string, number[]>();
  for (const line of series) {
    const sum = cents.get(line.currency) ?? line.values.map(() => 0);
    const sign = line.kind === 'liability' ? -1 : 1;
    line.values.forEach((value, index) => {
      sum[index] = (sum[index] ?? 0) + sign * Math.round(value * 100);
    });
    cents.set(line.currency, sum);
  }
  const totals = [...cents]
    .map(([currency, sum]) => ({ currency, values: sum.map((value) => value / 100) }))
    .sort((a, b) => a.currency.localeCompare(b.currency));
  return {
    from: head.from_day,
    to: head.to_day,
    bucket: head.bucket,
    dates: (head.vals ?? []) as string[],
    series,
    totals,
  };
}
