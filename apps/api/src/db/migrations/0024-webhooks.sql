-- Webhooks (issue 28): endpoints per API application, the deliveries the outbox fans out to them and
-- each delivery's attempts; the "SCA due" scan's marks; the application secret's rotation overlap.

-- The outbox's dispatcher claims events not yet fanned out (FOR UPDATE SKIP LOCKED, any instance).
alter table events add column dispatched_at timestamptz;
create index events_undispatched_idx on events (occurred_at, id) where dispatched_at is null;

create table webhook_endpoints (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  application_id uuid not null references applications (id) on delete cascade,
  url text not null,
  event_types text[] not null,
  enabled boolean not null default true,
  -- Why it is paused: 'manual' (staff) or 'failing' (3 days of failures); null while enabled.
  paused_reason text,
  -- The signing secret (whsec_…), sealed with the shared key and the endpoint as context.
  secret_sealed text not null,
  -- The secret before the last rotation, still signing until previous_secret_expires_at.
  previous_secret_sealed text,
  previous_secret_expires_at timestamptz,
  -- First failed attempt since the last success: 3 days of it pauses the endpoint.
  failing_since timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index webhook_endpoints_application_idx on webhook_endpoints (company_id, application_id, created_at);
-- The dispatcher looks up a company's enabled endpoints for every event.
create index webhook_endpoints_company_enabled_idx on webhook_endpoints (company_id) where enabled;

create table webhook_deliveries (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  endpoint_id uuid not null references webhook_endpoints (id) on delete cascade,
  -- The event's id, sent as webhook-id on every attempt and replay (receivers drop duplicates by it).
  event_id text not null,
  event_type text not null,
  is_test boolean not null default false,
  -- The exact body every attempt sends.
  payload text not null,
  status text not null default 'pending',
  attempts integer not null default 0,
  next_attempt_at timestamptz,
  -- Retries stop 24 h after this (the delivery's creation, or its last replay).
  window_started_at timestamptz not null,
  last_attempt_at timestamptz,
  last_status_code integer,
  delivered_at timestamptz,
  created_at timestamptz not null default now()
);
-- One delivery per event and endpoint, whichever instance dispatches it.
create unique index webhook_deliveries_endpoint_event_key on webhook_deliveries (endpoint_id, event_id);
create index webhook_deliveries_log_idx on webhook_deliveries (company_id, endpoint_id, created_at desc, id);
create index webhook_deliveries_pending_idx on webhook_deliveries (next_attempt_at) where status = 'pending';
create index webhook_deliveries_created_idx on webhook_deliveries (created_at);

create table webhook_attempts (
  id bigint generated always as identity primary key,
  delivery_id uuid not null references webhook_deliveries (id) on delete cascade,
  company_id uuid not null,
  attempted_at timestamptz not null,
  -- Null when no answer came (refused address, timeout, connection error: see error).
  status_code integer,
  error text,
  latency_ms integer not null,
  -- The first 4 KB of the answer's body at most, and only its first 500 characters kept.
  response_excerpt text
);
create index webhook_attempts_delivery_idx on webhook_attempts (delivery_id, attempted_at);

-- "SCA due" happens by time alone: the scan records the last successful update it announced, so it
-- emits once per credential and transition, without writing the credential.
create table webhook_sca_due_marks (
  credentials_id uuid primary key references credentials (id) on delete cascade,
  last_success_at timestamptz,
  marked_at timestamptz not null
);

-- The application secret's rotation: the previous hash stays valid until it expires; each secret's
-- last use is shown in the portal.
alter table applications add column previous_secret_hash text;
alter table applications add column previous_secret_expires_at timestamptz;
alter table applications add column secret_last_used_at timestamptz;
alter table applications add column previous_secret_last_used_at timestamptz;
alter table applications add column secret_rotated_at timestamptz;
