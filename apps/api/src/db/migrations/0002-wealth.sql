-- Wealth: clients, the credentials and holders that products come through, the products themselves
-- (accounts, portfolios, liabilities), investments, and their transactions. Every row carries
-- company_id so that no query can reach across tenants without saying so.

create extension if not exists pg_trgm;

create table clients (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  name text not null,
  alias text not null,
  entity_ids text[] not null default '{}',
  -- Search matches name or alias anywhere; one trigram index serves both.
  search_text text generated always as (lower(name || ' ' || alias)) stored,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- The alias is unique within the company (case-insensitive), so two concurrent creates cannot both win.
create unique index clients_company_alias_key on clients (company_id, lower(alias));
create index clients_company_name_idx on clients (company_id, lower(name), id);
create index clients_company_created_idx on clients (company_id, created_at, id);
create index clients_search_trgm_idx on clients using gin (search_text gin_trgm_ops);

-- Portal users see only these clients.
create table portal_user_clients (
  user_id uuid not null references users (id) on delete cascade,
  client_id uuid not null references clients (id) on delete cascade,
  company_id uuid not null references companies (id) on delete cascade,
  primary key (user_id, client_id)
);
create index portal_user_clients_client_idx on portal_user_clients (client_id);

create table credentials (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  -- The public credentials_token of the spec: random, never derived from the id.
  token text not null unique,
  entity_id text not null references entities (id),
  client_id uuid references clients (id) on delete set null,
  login text not null,
  status text not null default 'pending',
  blocked boolean not null default false,
  sca_token text,
  last_update timestamptz,
  last_success_at timestamptz,
  update_time_ms integer,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index credentials_company_entity_idx on credentials (company_id, entity_id);
create index credentials_client_idx on credentials (client_id) where client_id is not null;

create table holders (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  credentials_id uuid not null references credentials (id) on delete cascade,
  external_id text not null,
  name text not null,
  document text,
  email text,
  unique (credentials_id, external_id)
);

create table products (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  -- null while the product is pending assignment (an unmatched product).
  client_id uuid references clients (id) on delete set null,
  credentials_id uuid references credentials (id) on delete cascade,
  entity_id text not null references entities (id),
  kind text not null check (kind in ('account', 'portfolio', 'liability')),
  external_id text not null,
  name text not null,
  alias text,
  currency text not null,
  balance numeric(20, 2) not null default 0,
  iban text,
  portfolio_type text,
  liability_type text,
  capital_initial numeric(20, 2),
  capital_available numeric(20, 2),
  opening_date date,
  expiration_date date,
  hidden_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- A refresh updates products in place by their institution id.
create unique index products_credentials_external_key on products (credentials_id, external_id);
create index products_client_kind_idx on products (client_id, kind, name) where client_id is not null;
create index products_pending_idx on products (company_id, entity_id, name, id) where client_id is null and hidden_at is null;
create index products_hidden_idx on products (company_id, hidden_at) where client_id is null and hidden_at is not null;

create table product_holders (
  product_id uuid not null references products (id) on delete cascade,
  holder_id uuid not null references holders (id) on delete cascade,
  relation text not null,
  primary key (product_id, holder_id)
);
create index product_holders_holder_idx on product_holders (holder_id);

create table investments (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  portfolio_id uuid not null references products (id) on delete cascade,
  external_id text not null,
  name text not null,
  isin text,
  type text not null,
  amount numeric(30, 10) not null default 0,
  balance numeric(20, 2) not null default 0,
  currency text not null,
  ref_account text,
  unique (portfolio_id, external_id)
);

-- Movements of accounts and liabilities, read newest first by keyset (operation_date, id).
create table product_transactions (
  id bigint generated always as identity primary key,
  company_id uuid not null references companies (id) on delete cascade,
  product_id uuid not null references products (id) on delete cascade,
  external_id text not null,
  operation_date date not null,
  value_date date,
  amount numeric(20, 2) not null,
  balance numeric(20, 2),
  description text not null
);
create index product_transactions_keyset_idx on product_transactions (product_id, operation_date desc, id desc);
create unique index product_transactions_external_key on product_transactions (product_id, external_id);

create table investment_transactions (
  id bigint generated always as identity primary key,
  company_id uuid not null references companies (id) on delete cascade,
  portfolio_id uuid not null references products (id) on delete cascade,
  investment_id uuid not null references investments (id) on delete cascade,
  external_id text not null,
  operation_date date not null,
  value_date date,
  amount numeric(30, 10) not null,
  net_cash numeric(20, 2) not null,
  type smallint not null,
  description text not null
);
create index investment_transactions_portfolio_keyset_idx on investment_transactions (portfolio_id, operation_date desc, id desc);
create index investment_transactions_investment_keyset_idx on investment_transactions (investment_id, operation_date desc, id desc);
create unique index investment_transactions_external_key on investment_transactions (investment_id, external_id);
