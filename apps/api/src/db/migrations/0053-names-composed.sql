-- Names are stored in Unicode's composed form (NFC) since the contract composes every text it takes
-- (zText): "Álvaro" pasted from a PDF or macOS came in as "A" and a combining accent, looked the same,
-- and no accent-folding search found it. Names saved before are composed here; a Link name whose
-- composed form another Link of its company already has (unique per company) keeps its form, for staff
-- to rename, rather than failing the migration.
update clients set name = normalize(name, NFC) where name is not nfc normalized;
update links set name = normalize(name, NFC)
where name is not nfc normalized
  and not exists (
    select 1 from links other
    where other.company_id = links.company_id
      and other.id <> links.id
      and lower(other.name) = lower(normalize(links.name, NFC))
  );
