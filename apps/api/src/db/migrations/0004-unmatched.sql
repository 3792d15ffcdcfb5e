-- Unmatched products: the suggested client is the client of the same company whose name equals a
-- holder's name, compared case- and accent-insensitively; the lists sort and search on folded names.
--
-- fold_name is the one definition of that comparison. It is immutable (translate, lower and
-- regexp_replace are), so it can be stored and indexed, and it needs no extension: `unaccent` is not
-- immutable and PGlite would have to load it at start-up. The map covers the Latin letters of Spanish,
-- Portuguese, French, Catalan and German names; runs of white space count as one space.
--
-- A fixed search_path (safe in index expressions and generated columns) also keeps the planner from
-- inlining it, so its COST counts: a filter on it prefers the trigram index to folding every row.
create function fold_name(value text) returns text
language sql immutable strict parallel safe cost 100
set search_path = pg_catalog, pg_temp
return lower(btrim(regexp_replace(
  translate(value,
    'ÁÀÂÄÃÅáàâäãåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÖÕóòôöõÚÙÛÜúùûüÑñÇç',
    'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuNnCc'),
  '\s+', ' ', 'g')));

-- Folding costs microseconds a row (translate over a multibyte map): stored once at write time, not
-- recomputed by every sort and search of a list of tens of thousands of pending products.
alter table products add column name_key text generated always as (fold_name(name)) stored;
alter table holders add column name_key text generated always as (fold_name(name)) stored;

-- The suggestion probe: one index lookup per listed product and owner name, never a scan of clients.
create index clients_company_folded_name_idx on clients (company_id, fold_name(name), id);
-- Search by suggested client: clients whose folded "name alias" contains the term (as client-list's
-- search_text, accent-insensitive), then their namesake holders.
create index clients_folded_search_trgm_idx on clients using gin (fold_name(name || ' ' || alias) gin_trgm_ops);
create index holders_company_name_key_idx on holders (company_id, name_key);
