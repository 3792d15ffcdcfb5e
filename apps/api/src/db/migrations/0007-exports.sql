-- Exports: what was asked, how far the background job got, and the file itself, kept in the database
-- (as chunks) so that any instance can serve any file. A file exists only once the export is 'ready':
-- a job writes its chunks as it streams and deletes them if it fails.

create table exports (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies (id) on delete cascade,
  -- Who asked; a portal user sees only their own exports (and only while every client stays assigned).
  created_by uuid references users (id) on delete cascade,
  type text not null check (type in ('custom', 'positions', 'transactions')),
  format text not null check (format in ('csv', 'xlsx', 'json')),
  language text not null check (language in ('es', 'en')),
  client_ids uuid[] not null,
  entity_ids text[] not null,
  columns text[],
  date_from date,
  date_to date,
  file_name text not null,
  status text not null default 'queued' check (status in ('queued', 'running', 'ready', 'failed')),
  rows_written bigint not null default 0,
  size_bytes bigint not null default 0,
  error text,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  -- Set when the file is ready; the sweep deletes the export (and its chunks) after it.
  expires_at timestamptz
);
create index exports_company_created_idx on exports (company_id, created_at desc, id desc);
create index exports_expires_idx on exports (expires_at) where expires_at is not null;

create table export_chunks (
  export_id uuid not null references exports (id) on delete cascade,
  seq integer not null,
  data bytea not null,
  primary key (export_id, seq)
);

-- Single-use download links: sha-256 (hex) of a random token; the plaintext lives only in the URL.
create table export_download_tokens (
  token_hash text primary key,
  export_id uuid not null references exports (id) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index export_download_tokens_export_idx on export_download_tokens (export_id);
