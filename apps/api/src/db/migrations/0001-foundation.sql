-- Foundation: tenants, users, sessions, lockout, password resets, mail outbox, institutions, settings.

create table companies (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  modules text[] not null default '{}'
    check (modules <@ array['wealth', 'summary', 'applications', 'links', 'custom_css', 'portals']::text[]),
  created_at timestamptz not null default now()
);
create unique index companies_name_key on companies (lower(name));

create table users (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  username text not null,
  email text,
  name text,
  password_hash text not null,
  kind text not null check (kind in ('staff', 'portal')),
  disabled_at timestamptz,
  created_at timestamptz not null default now()
);
create unique index users_company_username_key on users (company_id, lower(username));
create index users_email_idx on users (lower(email));

create table sessions (
  id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  company_id uuid not null references companies (id) on delete cascade,
  created_at timestamptz not null,
  last_seen_at timestamptz not null,
  expires_at timestamptz not null,
  ended_at timestamptz
);
create index sessions_user_idx on sessions (user_id);
create index sessions_company_idx on sessions (company_id);

-- Keyed by the names as submitted, so unknown users are counted exactly like known ones.
create table login_failures (
  company_key text not null,
  username_key text not null,
  failed_count integer not null default 0,
  window_started_at timestamptz not null,
  locked_until timestamptz,
  primary key (company_key, username_key)
);

create table password_reset_tokens (
  token_hash text primary key,
  user_id uuid not null references users (id) on delete cascade,
  company_id uuid not null references companies (id) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index password_reset_tokens_user_idx on password_reset_tokens (user_id);
create index password_reset_tokens_company_idx on password_reset_tokens (company_id);

create table mail_outbox (
  id uuid primary key default gen_random_uuid(),
  company_id uuid references companies (id) on delete cascade,
  to_address text not null,
  subject text not null,
  body_text text not null,
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  attempts integer not null default 0,
  last_error text,
  -- A sender claims a row until then, so two senders never deliver the same mail at once.
  claimed_until timestamptz,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index mail_outbox_pending_idx on mail_outbox (created_at) where status = 'pending';
create index mail_outbox_company_idx on mail_outbox (company_id);

-- Fixed-window counters shared by every instance (forgot-password throttling).
create table rate_limits (
  key text primary key,
  hits integer not null,
  window_started_at timestamptz not null
);

-- The institution catalogue: global reference data, not tenant data.
create table entities (
  id text primary key,
  name text not null,
  kind text not null check (kind in ('bank', 'broker', 'insurer', 'fintech')),
  country text not null default 'ES',
  created_at timestamptz not null default now()
);
create index entities_name_idx on entities (name);

create table app_settings (
  key text primary key,
  value text not null
);
