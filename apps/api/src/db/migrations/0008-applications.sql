-- API applications: a company's own systems read its data through the data API with these credentials.
-- The client secret is never stored: only its SHA-256 (256 random bits need no slow hash; decision 0011).
create table applications (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  name text not null,
  client_id text not null,
  secret_hash text not null,
  created_at timestamptz not null default now()
);
-- Client ids are global: the token endpoint finds the application by client id alone.
create unique index applications_client_id_key on applications (client_id);
-- Names are unique per company, whatever their case: the one arbiter of DuplicatedName.
create unique index applications_company_name_key on applications (company_id, lower(name));
create index applications_company_created_idx on applications (company_id, created_at desc, id desc);
