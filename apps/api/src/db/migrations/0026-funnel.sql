-- Link funnels and institution health (issue 30, decision 0034). Nothing here is personal: a visit is a
-- random id, an institution is an entity id, an error is its type.

-- Each hosted connect token is one visit: its id travels with the token (never in a URL).
alter table connect_tokens add column visit_id uuid not null default gen_random_uuid();

-- One row per visit with the first time it reached each step: the funnel is one index-only count.
create table funnel_visits (
  id uuid primary key,
  company_id uuid not null references companies (id) on delete cascade,
  link_id uuid references links (id) on delete cascade,
  entity_id text,
  opened_at timestamptz not null,
  institution_chosen_at timestamptz,
  credentials_sent_at timestamptz,
  sca_asked_at timestamptz,
  sca_passed_at timestamptz,
  succeeded_at timestamptz,
  failed_at timestamptz,
  last_error text,
  -- A visit not succeeded and idle for 30 minutes counts as abandoned (computed as of the question).
  last_activity_at timestamptz not null
);
create index funnel_visits_link_idx on funnel_visits (link_id, opened_at)
  include (company_id, institution_chosen_at, credentials_sent_at, sca_asked_at, sca_passed_at, succeeded_at, last_activity_at)
  where link_id is not null;
create index funnel_visits_company_idx on funnel_visits (company_id, opened_at);

-- The log: every step as it happened (a retry's second failure too).
create table funnel_events (
  id bigint generated always as identity primary key,
  visit_id uuid not null,
  company_id uuid not null references companies (id) on delete cascade,
  link_id uuid references links (id) on delete cascade,
  step text not null check (step in ('opened', 'institution_chosen', 'credentials_sent', 'sca_asked', 'sca_passed', 'succeeded', 'failed')),
  entity_id text,
  error text,
  occurred_at timestamptz not null
);
-- Failures by type per Link over a window.
create index funnel_events_link_failures_idx on funnel_events (link_id, occurred_at)
  include (company_id, error, visit_id)
  where step = 'failed';
create index funnel_events_company_time_idx on funnel_events (company_id, occurred_at);

-- Every connection attempt's and refresh's result per institution, for the company's own health view.
create table institution_outcomes (
  id bigint generated always as identity primary key,
  company_id uuid not null references companies (id) on delete cascade,
  entity_id text not null,
  kind text not null check (kind in ('connection', 'refresh')),
  -- 'success' or an error type (invalid_access, blocked, down, invalid_sca_code, sca_required).
  outcome text not null,
  occurred_at timestamptz not null
);
create index institution_outcomes_company_time_idx on institution_outcomes (company_id, occurred_at)
  include (entity_id, kind, outcome);
