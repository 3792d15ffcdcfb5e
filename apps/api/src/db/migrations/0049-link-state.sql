-- A Link visitor's `state` (the integrator's own value from the Link URL, as OAuth's): kept with the
-- visitor's connect session and handed back beside the code on the redirect. Bounded as the contract
-- bounds it (ZLinkState), so nothing longer is ever stored.
alter table connect_tokens add column link_state text
  check (link_state is null or char_length(link_state) between 1 and 512);
