-- A company name is stored with single spaces (a run of spaces is one: a page shows it so), and found
-- by its name the same way (shared/company-name-key.ts). Names saved before with a run of spaces are
-- folded, unless another company already has the folded name (both created before this rule): that one
-- keeps its spaces and is no longer found by typing its name, which names the other; it is left for the
-- operator to settle rather than renamed here behind their back.
update companies c
set name = regexp_replace(btrim(c.name), ' {2,}', ' ', 'g')
where c.name ~ ' {2,}'
  and not exists (
    select 1 from companies other
    where other.id <> c.id
      and lower(other.name) = lower(regexp_replace(btrim(c.name), ' {2,}', ' ', 'g'))
  );
