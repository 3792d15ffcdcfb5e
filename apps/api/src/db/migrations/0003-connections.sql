-- Connections: what a refresh needs to reach the institution again, why the last attempt failed, and
-- the one-time tokens of the hosted connect pages.
--
-- Status columns of credentials, as the contract's status object reads them:
--   last_success_at  -> status.last_update (the last successful update)
--   last_update      -> status.time        (the last attempt, successful or not)

alter table credentials
  -- AES-256-GCM sealed {username, password}; null for rows that never had one (demo seed).
  add column secret_ciphertext text,
  add column error text check (error in ('invalid_access', 'blocked', 'down')),
  -- Opaque per-credential state the connector keeps between refreshes (e.g. when SCA was last given).
  add column connector_state jsonb,
  -- Set when a refresh is queued, cleared when it ends: status.updating.
  add column refresh_requested_at timestamptz;

-- The scheduler looks for credentials not blocked whose last attempt is old.
create index credentials_refresh_due_idx on credentials (last_update) where not blocked;

create table connect_tokens (
  -- sha-256 (hex) of the token; the plaintext lives only in the URL.
  token_hash text primary key,
  company_id uuid not null references companies (id) on delete cascade,
  kind text not null check (kind in ('connect', 'reset', 'sca')),
  client_id uuid references clients (id) on delete cascade,
  credentials_id uuid references credentials (id) on delete cascade,
  redirect_uri text not null,
  language text not null default 'es',
  created_by uuid references users (id) on delete set null,
  expires_at timestamptz not null,
  used_at timestamptz,
  -- The two-step flow: set when the institution asked for an SCA code.
  pending_entity_id text references entities (id),
  pending_secret text,
  pending_sca_token text,
  created_at timestamptz not null default now(),
  check ((kind = 'connect') = (credentials_id is null))
);
create index connect_tokens_company_idx on connect_tokens (company_id);
create index connect_tokens_credentials_idx on connect_tokens (credentials_id) where credentials_id is not null;
