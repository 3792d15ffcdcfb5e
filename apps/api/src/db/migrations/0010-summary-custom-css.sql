-- Summary dashboard and custom CSS.
--
-- The summary counts a company's credentials by state and by entity, and lists the latest ones. The
-- counts read only the status columns, so this index covers them: an index-only scan of the company's
-- slice, never the credentials' rows. The latest credentials come from the second index, newest first.
create index credentials_summary_idx on credentials (company_id, entity_id)
  include (blocked, sca_token, error, last_success_at, last_update, refresh_requested_at);
create index credentials_company_created_idx on credentials (company_id, created_at desc, id desc);

-- One custom CSS per company, worn by its hosted pages (connect and Link pages).
--   source   what staff wrote, as they wrote it (the editor shows it again);
--   css      the sanitised serialisation the hosted pages inject (never the source);
--   removed  what the sanitiser dropped and why, with line and column in the source.
create table custom_css (
  company_id uuid primary key references companies (id) on delete cascade,
  source text not null,
  css text not null,
  removed jsonb not null default '[]',
  updated_by uuid references users (id) on delete set null,
  updated_at timestamptz not null default now()
);
