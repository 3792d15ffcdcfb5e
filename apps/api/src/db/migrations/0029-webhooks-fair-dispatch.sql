-- Webhooks without polling, fair across companies (decision 0041).
-- The dispatcher claims each company's oldest undispatched events in turn (a few per company per pass),
-- so one company's flood of events cannot hold another's behind it.
drop index if exists events_undispatched_idx;
create index events_undispatched_company_idx on events (company_id, occurred_at, id) where dispatched_at is null;
-- A new delivery's place in the job queue follows its company's backlog of pending deliveries.
create index webhook_deliveries_company_pending_idx on webhook_deliveries (company_id) where status = 'pending';
