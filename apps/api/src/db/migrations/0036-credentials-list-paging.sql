-- The connections detail pages, searches and sorts one institution's credentials in the database
-- (decision 0052). Each order the list offers has its index on (company, institution, key, id), so a page
-- is cut from the index alone (the deferred join of connections.repository.ts) instead of sorting the
-- institution's every credential.
create index credentials_entity_created_idx on credentials (company_id, entity_id, created_at, id);
-- Never updated counts as the oldest update: one expression, so both directions read the index.
create index credentials_entity_success_idx
  on credentials (company_id, entity_id, (coalesce(last_success_at, '-infinity'::timestamptz)), id);
create index credentials_entity_consent_idx on credentials (company_id, entity_id, consent_expires_at, id);
-- Its (company_id, entity_id) prefix is served by the three above and by credentials_summary_idx.
drop index if exists credentials_company_entity_idx;

-- The search by holder: name, document or email, as connections.repository.ts writes the expression.
create index holders_search_trgm_idx on holders
  using gin ((lower(name || ' ' || coalesce(document, '') || ' ' || coalesce(email, ''))) gin_trgm_ops);
