-- Portal users: the staff list pages portal users by username and searches them by username, name and
-- email. Both indexes are partial (kind = 'portal'): staff rows never appear in that list.
create index users_portal_company_username_idx on users (company_id, lower(username), id)
  where kind = 'portal';
-- The same expression as the list's search (portals.repository.ts), so a contains-search uses it.
create index users_portal_search_trgm_idx on users
  using gin ((lower(username || ' ' || coalesce(name, '') || ' ' || coalesce(email, ''))) gin_trgm_ops)
  where kind = 'portal';
