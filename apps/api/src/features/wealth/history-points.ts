import { HISTORY_DAILY_MAX_DAYS, HISTORY_WEEKLY_MAX_DAYS } from '@caudal/contract';
import { type RawBuilder, sql } from 'kysely';

/**
 * The points of a history chart, in SQL (issue 31, decisions 0044 and 0050). A span answers one point a
 * day up to HISTORY_DAILY_MAX_DAYS, each ISO week's last day (Sunday) up to HISTORY_WEEKLY_MAX_DAYS,
 * else each month's last day; the last point is always `to_day`. Points are numbered from 0, and a
 * day's point number is arithmetic on the day, so a statement assigns each stored close to its point
 * without generating the points and joining them: the cost follows the closes read, and the output
 * follows the points.
 *
 * `historyBounds` is the body of a one-row CTE (call it `b`) with what `pointOf` and `pointDay` read:
 * from_day, to_day, bucket, first_monday (the Monday of from_day's week), first_month (its month's
 * number) and last_point (to_day's point number).
 */
export function historyBounds(fromDay: RawBuilder<unknown>, toDay: RawBuilder<unknown>) {
  return sql`
    select s.from_day, s.to_day, k.bucket,
           s.from_day - (extract(isodow from s.from_day)::int - 1) as first_monday,
           ${monthNumber(sql`s.from_day`)} as first_month,
           case k.bucket
             when 'day' then s.to_day - s.from_day
             when 'week' then (s.to_day - (s.from_day - (extract(isodow from s.from_day)::int - 1))) / 7
             else ${monthNumber(sql`s.to_day`)} - ${monthNumber(sql`s.from_day`)}
           end as last_point
    -- offset 0: the days are worked out once, not copied into every reference to them.
    from (select ${fromDay}::date as from_day, ${toDay}::date as to_day offset 0) s
    cross join lateral (
      select case when s.to_day - s.from_day <= ${HISTORY_DAILY_MAX_DAYS}::int then 'day'
                  when s.to_day - s.from_day <= ${HISTORY_WEEKLY_MAX_DAYS}::int then 'week'
                  else 'month' end as bucket
    ) k`;
}

/** A month's running number (year × 12 + month), so two months' difference is plain subtraction. */
function monthNumber(day: RawBuilder<unknown>) {
  return sql`(extract(year from ${day})::int * 12 + extract(month from ${day})::int)`;
}

/** The number of the point a day between from_day and to_day belongs to (the bounds row as `b`). */
export function pointOf(day: RawBuilder<unknown>) {
  return sql`case b.bucket
      when 'day' then ${day} - b.from_day
      when 'week' then (${day} - b.first_monday) / 7
      else ${monthNumber(day)} - b.first_month
    end`;
}

/** The day point `n` is as of: the day, or the week's or month's last day, never after to_day. */
export function pointDay(n: RawBuilder<unknown>) {
  return sql`case b.bucket
      when 'day' then b.from_day + ${n}
      when 'week' then least(b.first_monday + 7 * ${n} + 6, b.to_day)
      else least((date_trunc('month', b.from_day::timestamp) + make_interval(months => ${n} + 1)
                  - interval '1 day')::date, b.to_day)
    end`;
}
