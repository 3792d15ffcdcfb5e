-- Issue 26, decision 0049: the audit chain is built after the commit, by a sealer, not on the write path.
--
-- The change's transaction still inserts its event (so nothing committed lacks its event, and a failed
-- call writes none), but takes no lock and updates no head: it inserts the event and a marker in
-- audit_unsealed. The sealer (shared/audit/audit-sealer.ts, jobs side) takes a company's chain head,
-- gives each waiting event its place (seq) and hash in audit_seals, insert-only, and moves the head.
-- audit_events rows are never updated.

-- 1. Each event's place in insertion order: the /audit screen pages by it (newest first), the sealer
--    reads by it, seals point at it. Existing rows are numbered in their chains' order.
alter table audit_events add column position bigint;
update audit_events e set position = n.position
from (select id, row_number() over (order by occurred_at, company_id, seq) as position from audit_events) n
where n.id = e.id;
create sequence audit_events_position_seq owned by audit_events.position;
select setval('audit_events_position_seq', coalesce((select max(position) from audit_events), 0) + 1, false);
alter table audit_events alter column position set default nextval('audit_events_position_seq');
alter table audit_events alter column position set not null;

-- 2. The chain, insert-only: one seal per event (its seq in the company's chain, the previous hash, its
--    own hash by version). Existing events keep the seq and hashes they were written with.
create table audit_seals (
  position bigint primary key,
  company_key text not null,
  seq bigint not null,
  previous_hash text not null,
  hash text not null,
  hash_version smallint not null
);
create unique index audit_seals_chain_idx on audit_seals (company_key, seq);
insert into audit_seals (position, company_key, seq, previous_hash, hash, hash_version)
select position, coalesce(company_id::text, 'none'), seq, previous_hash, hash, hash_version from audit_events;

-- 3. Events waiting for their seal: the sealer's work list, small and short-lived (no index: it is read
--    whole per company and emptied by the sealer). Deleted only by the sealer, in the transaction that
--    writes the seals.
create table audit_unsealed (
  position bigint not null,
  company_key text not null
);
alter table audit_unsealed set (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000);

-- 4. What the write no longer maintains: the chain columns (now in audit_seals), the primary key on the
--    random id (nothing looks an event up by id alone), the (company, seq) and (company, time) indexes.
--    Left: (company, position) for pages and the sealer; the two target filters, ordered by position;
--    a BRIN on time for date ranges and the retention purge (a few pages, barely touched by inserts).
alter table audit_events drop constraint audit_events_pkey;
drop index audit_events_company_seq_idx;
drop index audit_events_company_time_idx;
drop index audit_events_client_idx;
drop index audit_events_credential_idx;
alter table audit_events drop column seq;
alter table audit_events drop column previous_hash;
alter table audit_events drop column hash;
alter table audit_events drop column hash_version;
create unique index audit_events_company_position_idx on audit_events (company_id, position);
create index audit_events_client_idx on audit_events (company_id, target_client_id, position)
  where target_client_id is not null;
create index audit_events_credential_idx on audit_events (company_id, target_credential_id, position)
  where target_credential_id is not null;
create index audit_events_time_brin on audit_events using brin (occurred_at) with (autosummarize = on);
