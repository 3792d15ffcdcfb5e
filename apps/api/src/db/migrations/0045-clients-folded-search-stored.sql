-- The client search folds accents (fold_name, migration 0004): "lopez" finds López. Matched on the
-- expression, every row the trigram index proposed was folded again to recheck it (translate over a
-- multibyte map, then a regexp: ~10 µs a row), so a search for a common surname cost ~10 ms of
-- PostgreSQL CPU on the large tenant. Stored once at write time, as products and holders store their
-- name_key, the recheck compares text again; the expression index it replaces goes.
alter table clients add column folded_search text generated always as (fold_name(name || ' ' || alias)) stored;
create index clients_folded_search_idx on clients using gin (folded_search gin_trgm_ops);
drop index clients_folded_search_trgm_idx;
