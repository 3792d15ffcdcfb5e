-- Dated valuations of portfolios and their investments (issue 31). Statements carry a running balance
-- on every movement, but a holding's value depends on prices the movements do not record: each refresh
-- stores what every portfolio and investment was worth that day, and the sandbox backfills the past
-- when a credential connects, so "value over time" is stored data, never an estimate at read time.
-- A portfolio's own row has investment_id null; an investment's row names its portfolio too, so one
-- index range reads a chart's days.
create table valuations (
  id bigint generated always as identity primary key,
  company_id uuid not null references companies (id) on delete cascade,
  portfolio_id uuid not null references products (id) on delete cascade,
  investment_id uuid references investments (id) on delete cascade,
  valued_on date not null,
  -- Value in `currency` (the portfolio's, or the investment's own); units held for an investment.
  balance numeric(20, 2) not null,
  amount numeric(30, 10),
  -- Net cash put in to that day (buys minus sells), in `currency`; null when the source did not say.
  invested numeric(20, 2),
  currency text not null
);
-- One valuation per day: a second refresh the same day replaces the first (upserts on these keys).
create unique index valuations_portfolio_day_key on valuations (portfolio_id, valued_on)
  where investment_id is null;
create unique index valuations_investment_day_key on valuations (investment_id, valued_on)
  where investment_id is not null;
