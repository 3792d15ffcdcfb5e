-- Names sort as a Spanish reader expects: accents and case do not change a name's place ('Álvaro' next
-- to 'alvaro', before 'Silvia'; 'María' before 'Marta') and ñ is its own letter after n. An ICU
-- collation does this inside the database, so sorted pages stay an index scan (docs/decisions/0008).
--
-- PostgreSQL 16 and later (PGlite included, whose ICU carries only the root locale's data) take the
-- root order plus one tailoring rule; PostgreSQL 15 has no `rules`, and its full ICU knows Spanish.
-- Both give the same order.
do $$
begin
  if current_setting('server_version_num')::int >= 160000 then
    execute $sql$create collation if not exists caudal_es (provider = icu, locale = 'und', rules = '&N < ñ <<< Ñ')$sql$;
  else
    execute $sql$create collation if not exists caudal_es (provider = icu, locale = 'es')$sql$;
  end if;
end
$$;

-- The client list's name sort (company, name, id), now in Spanish order.
drop index if exists clients_company_name_idx;
create index clients_company_name_idx on clients (company_id, (name collate caudal_es), id);
