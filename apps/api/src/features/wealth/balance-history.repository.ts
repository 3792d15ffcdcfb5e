import type { BalanceHistory, HistoryBucket, HistoryRange } from '@caudal/contract';
import { HISTORY_DAILY_MAX_DAYS, HISTORY_WEEKLY_MAX_DAYS } from '@caudal/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Actor } from '../../shared/auth/actor';
import { rangeStart } from './overview.repository';

interface HistoryRow {
  row_kind: 'product' | 'total' | 'dates';
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
 * decisions 0035 and 0044). A point's balance is the close of the last day on or before it that had a
 * movement (that day's last movement's running balance, by id), so days without movements carry the
 * last one; before a product's first movement it is the balance before it (an account's running
 * balance minus its amount; a liability's, which is the debt, plus it). The last point (today) is the
 * product's balance as the tabs show it: where it disagrees with the last running balance, it wins and
 * the difference is answered. Totals: accounts minus liabilities, per currency.
 *
 * One statement whose cost follows the days, not the movements: it reads the day closes the insert
 * trigger of migration 0032 keeps (one row per product and day with movements) and carries them with
 * window functions over the points. The points are every day of a span up to HISTORY_DAILY_MAX_DAYS,
 * else each week's or month's last day, chosen here by the span. Beyond the range, only each product's
 * first and last movement and its last close before the range are read (index seeks).
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
    span as (
      select least(coalesce(${rangeStart(range, today)}, (select min(first_day) from edges), ${today}::date),
                   ${today}::date) as from_day,
             ${today}::date as to_day
    ),
    bounds as (
      select from_day, to_day,
             case when to_day - from_day <= ${HISTORY_DAILY_MAX_DAYS}::int then 'day'
                  when to_day - from_day <= ${HISTORY_WEEKLY_MAX_DAYS}::int then 'week'
                  else 'month' end as bucket
      from span
    ),
    points as (
      -- Each bucket's last day (ISO weeks end on Sunday), the last one cut at today.
      select least((g.start + ('1 ' || b.bucket)::interval - interval '1 day')::date, b.to_day) as day
      from bounds b
      cross join generate_series(date_trunc(b.bucket, b.from_day::timestamp), b.to_day::timestamp,
                                 ('1 ' || b.bucket)::interval) g(start)
    ),
    closes as (
      -- The range's day closes (product_day_balances, migration 0032), each on its point (its
      -- bucket's last day), the latest of each point kept: a few hundred rows per product and year.
      select distinct on (d.product_id, c.point) d.product_id, c.point as day, d.balance
      from p
      cross join bounds b
      join product_day_balances d on d.product_id = p.id and d.day between b.from_day and b.to_day
      cross join lateral (
        select least((date_trunc(b.bucket, d.day::timestamp) + ('1 ' || b.bucket)::interval
                      - interval '1 day')::date, b.to_day) as point
      ) c
      order by d.product_id, c.point, d.day desc
    ),
    opening as (
      select p.id, coalesce((
        select d.balance from product_day_balances d
        where d.product_id = p.id and d.day < b.from_day
        order by d.day desc limit 1
      ), e.before_first, p.balance) as balance
      from p join edges e on e.id = p.id cross join bounds b
    ),
    grid as (
      -- Products × points; a run number that grows at each close, so a point without one takes the
      -- run's first (the last close before it), and points before any close the opening balance.
      select p.id, pt.day, c.balance,
             count(c.balance) over (partition by p.id order by pt.day) as run
      from p
      cross join points pt
      left join closes c on c.product_id = p.id and c.day = pt.day
    ),
    vals as (
      select g.id, g.day,
             case when g.day = b.to_day then p.balance
                  else coalesce(first_value(g.balance) over (partition by g.id, g.run order by g.day),
                                o.balance)
             end as balance
      from grid g join p on p.id = g.id join opening o on o.id = g.id cross join bounds b
    ),
    totals as (
      select p.currency, v.day,
             sum(case when p.kind = 'liability' then -v.balance else v.balance end) as balance
      from vals v join p on p.id = v.id
      group by p.currency, v.day
    ),
    labels as (
      select to_char(b.from_day, 'YYYY-MM-DD') as from_day, to_char(b.to_day, 'YYYY-MM-DD') as to_day,
             b.bucket
      from bounds b
    )
    select 'dates' as row_kind, null as product_id, null as kind, null as name, null as entity,
           null as currency, null::float8 as balance, null::float8 as last_running,
           l.from_day, l.to_day, l.bucket,
           (select json_agg(to_char(pt.day, 'YYYY-MM-DD') order by pt.day) from points pt) as vals
    from labels l
    union all
    select 'product', p.id::text, p.kind, p.name, p.entity_id, p.currency,
           p.balance::float8, e.last_running::float8, l.from_day, l.to_day, l.bucket,
           (select json_agg(v.balance::float8 order by v.day) from vals v where v.id = p.id)
    from p join edges e on e.id = p.id cross join labels l
    union all
    select 'total', null, null, null, null, t.currency, null, null, l.from_day, l.to_day, l.bucket,
           json_agg(t.balance::float8 order by t.day)
    from totals t cross join labels l
    group by t.currency, l.from_day, l.to_day, l.bucket`.execute(db);

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
  const totals = rows
    .filter((row) => row.row_kind === 'total')
    .map((row) => ({
      currency: row.currency ?? '',
      values: ((row.vals ?? []) as number[]).map((v) => Math.round(v * 100) / 100),
    }))
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
