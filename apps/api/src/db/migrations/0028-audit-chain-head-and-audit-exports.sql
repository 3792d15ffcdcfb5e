-- Issue 26, decision 0036. Two changes to the audit log.
--
-- 1. Each company's chain head is a row: the last event's seq and hash. An append claims it with one
--    `insert ... on conflict do update ... returning` that both locks the company's chain (the row lock
--    replaces the advisory lock) and reads its tail (no `order by seq desc limit 1` lookup), in the same
--    statement that inserts the event. Events written from here on hash as version 2: the canonical
--    values' digest is computed in the API before the lock, and the chain link in the statement,
--    sha256(content_digest ':' seq ':' previous_hash). Version 1 rows keep their hash; verify reads both.
--    `prior_hash` is the hash before `last_hash` (an upsert's `returning` sees only new values: it is how
--    the statement gives the event its previous_hash).
alter table audit_chain_heads add column last_seq bigint;
alter table audit_chain_heads add column last_hash text;
alter table audit_chain_heads add column prior_hash text;
alter table audit_events add column hash_version smallint not null default 1;

-- Backfill: every chain's last event (or its purge boundary when every event was purged).
insert into audit_chain_heads (company_key, purged_through_seq, purged_through_hash)
select distinct coalesce(company_id::text, 'none'), 0, repeat('0', 64) from audit_events
on conflict (company_key) do nothing;
update audit_chain_heads h set last_seq = t.seq, last_hash = t.hash, prior_hash = t.previous_hash
from (
  select distinct on (company_id) coalesce(company_id::text, 'none') as company_key, seq, hash, previous_hash
  from audit_events order by company_id, seq desc
) t
where t.company_key = h.company_key;
update audit_chain_heads
set last_seq = purged_through_seq, last_hash = purged_through_hash, prior_hash = purged_through_hash
where last_seq is null;
alter table audit_chain_heads alter column last_seq set not null;
alter table audit_chain_heads alter column last_hash set not null;
alter table audit_chain_heads alter column prior_hash set not null;

-- 2. The log's own export (/audit's "Export CSV"), queued, claimed and capped as every export is. It
--    keeps the screen's filters; it holds no clients or entities. Only admins see it (audit calls).
alter table exports drop constraint exports_type_check;
alter table exports add constraint exports_type_check
  check (type in ('custom', 'positions', 'transactions', 'audit'));
alter table exports add column audit_filter jsonb;
