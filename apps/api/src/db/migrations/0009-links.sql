-- Connection Links: a public URL a company hands to its end customers, who connect their bank on the
-- hosted Link page and come back to the Link's redirect_uri with a one-time code. The company then
-- exchanges the code (staff session or data API) for the new credential.

create table links (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  name text not null,
  -- The public identifier in the Link's URL (128+ random bits, base64url). Not a credential: it only
  -- opens the hosted page, which anyone given the URL may do, so it is kept as is to show the URL.
  token text not null unique,
  redirect_uri text not null default '/link-callback',
  terms_and_conditions_url text,
  privacy_policy_url text,
  active boolean not null default true,
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- Names are unique per company, whatever their case; the index also serves the list's name order.
create unique index links_company_name_key on links (company_id, lower(name));
-- Search by name within a company.
create index links_name_trgm_idx on links using gin (lower(name) gin_trgm_ops);

create table link_codes (
  -- sha-256 (hex) of the code; the plaintext only travels in the redirect to the Link's redirect_uri.
  code_hash text primary key,
  link_id uuid not null references links (id) on delete cascade,
  company_id uuid not null references companies (id) on delete cascade,
  credentials_id uuid not null references credentials (id) on delete cascade,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  -- Set once by the one exchange that wins (update ... where spent_at is null returning).
  spent_at timestamptz
);
-- pending_code_count: unspent, unexpired codes of a Link.
create index link_codes_pending_idx on link_codes (link_id, expires_at) where spent_at is null;

-- A hosted Link page mints an ordinary one-time connect token for its visitor; these say which Link it
-- came from (the flow then ends with a code) and which documents the visitor accepts.
alter table connect_tokens
  add column link_id uuid references links (id) on delete cascade,
  add column terms_and_conditions_url text,
  add column privacy_policy_url text;
create index connect_tokens_link_idx on connect_tokens (link_id) where link_id is not null;
