-- The company's event outbox: one row per thing that happened, written in the same transaction as the
-- change that caused it (so no change is without its event, and no event without its change). Webhook
-- deliveries and the data API's events feed read from here; nothing here holds personal data beyond ids.
create table events (
  id text primary key,
  company_id uuid not null,
  type text not null,
  occurred_at timestamptz not null,
  -- Company-scoped ids and states only (credentials_token, link id, export id...), never names or data.
  data jsonb not null default '{}'::jsonb
);
-- The events feed pages a company's events oldest first after a cursor (occurred_at, id).
create index events_company_time_idx on events (company_id, occurred_at, id);
create index events_time_idx on events (occurred_at);
