-- Fair export queue (issue 21, decision 0024): exports are claimed from this table in turn across
-- companies, and a slot per instance takes only small ones. The row estimate is counted when the
-- export is asked for, capped just above the small-export bound (a count never scans a big export).
alter table exports add column estimated_rows integer not null default 0;
-- The order exports were asked for (created_at ties within a transaction's clock tick).
alter table exports add column queue_position bigint generated always as identity;

-- What is waiting or running: the claim's candidates and the per-user / per-company caps.
create index exports_active_company_idx on exports (company_id, status) where status in ('queued', 'running');
create index exports_active_user_idx on exports (created_by) where status in ('queued', 'running');
create index exports_queued_idx on exports (queue_position) where status = 'queued';
-- Whose turn it is: the company whose latest claim is the oldest.
create index exports_company_started_idx on exports (company_id, started_at) where started_at is not null;
