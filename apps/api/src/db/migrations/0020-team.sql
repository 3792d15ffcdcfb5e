-- Team: staff roles and permissions, invitations, and companies an operator can switch off.

-- A disabled company is off everywhere at once (sessions, data-API tokens, Links, connect pages, jobs);
-- enabling it brings back what it had, so nothing is deleted.
alter table companies add column disabled_at timestamptz;

-- Staff are admins or members; portal users have no role. Permissions are module names (as
-- companies.modules), a subset of the company's: what a user may use is both sets' intersection.
alter table users add column role text check (role in ('admin', 'member'));
alter table users add column permissions text[] not null default '{}'
  check (permissions <@ array['wealth', 'summary', 'applications', 'links', 'custom_css', 'portals']::text[]);
alter table users add column last_sign_in_at timestamptz;
-- An invited user has no password until they accept the invitation: nobody can sign in as them.
alter table users alter column password_hash drop not null;

-- Existing staff (the demo's, and any created before roles) become admins with every company module.
update users set role = 'admin', permissions = companies.modules
  from companies where companies.id = users.company_id and users.kind = 'staff';
alter table users add constraint users_role_kind_check check ((kind = 'staff') = (role is not null));

-- The Team list pages staff by username (the portal list has its own partial index, 0011).
create index users_staff_company_username_idx on users (company_id, lower(username), id)
  where kind = 'staff';

-- Single-use invitation links: only the token's sha256 is kept (like password_reset_tokens).
create table staff_invitations (
  token_hash text primary key,
  user_id uuid not null references users (id) on delete cascade,
  company_id uuid not null references companies (id) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
create index staff_invitations_user_idx on staff_invitations (user_id);
create index staff_invitations_company_idx on staff_invitations (company_id);
-- The hourly purge finds dead links by these (features/team/team-housekeeping.ts).
create index staff_invitations_expires_idx on staff_invitations (expires_at);
