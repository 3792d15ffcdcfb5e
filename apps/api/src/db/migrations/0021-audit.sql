-- The audit log: who did what to which client, credential, Link, application or user.
-- Actors and targets are plain values, never foreign keys: deleting a user, a client or even a company
-- never deletes (nor rewrites) its history. company_id is null only for a failed sign-in to a company
-- that does not exist, which operators alone can see.
create table audit_events (
  id uuid primary key default gen_random_uuid(),
  company_id uuid,
  -- Position in the company's chain (1, 2, ...): a gap is a removed event.
  seq bigint not null,
  occurred_at timestamptz not null,
  -- 'change' for a state-changing call; 'sign-in', 'sign-in-failed' and 'logout' for sessions.
  kind text not null check (kind in ('change', 'sign-in', 'sign-in-failed', 'logout')),
  action text not null,
  actor_kind text not null check (actor_kind in ('staff', 'portal', 'application', 'visitor', 'operator', 'anonymous')),
  actor_id text,
  actor_name text,
  target_client_id text,
  target_credential_id text,
  target_link_id text,
  target_application_id text,
  target_user_id text,
  ip text,
  user_agent text,
  request_id text,
  -- Only the action's allowlisted fields, each as { "old": ..., "new": ... }.
  changes jsonb not null default '{}'::jsonb,
  -- sha256 of the company's previous event (or of the purge boundary), and of this one with it.
  previous_hash text not null,
  hash text not null
);
create unique index audit_events_company_seq_idx on audit_events (company_id, seq);
-- The /audit screen pages newest first with a keyset (occurred_at, id).
create index audit_events_company_time_idx on audit_events (company_id, occurred_at desc, id desc);
create index audit_events_client_idx on audit_events (company_id, target_client_id) where target_client_id is not null;
create index audit_events_credential_idx on audit_events (company_id, target_credential_id) where target_credential_id is not null;

-- Where each company's chain starts after a retention purge: the last purged event's seq and hash.
create table audit_chain_heads (
  company_key text primary key,
  purged_through_seq bigint not null,
  purged_through_hash text not null
);
