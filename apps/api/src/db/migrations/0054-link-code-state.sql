-- A Link code keeps the `state` its visit came with (connect_tokens.link_state, migration 0049), so the
-- company's backend finds it in the exchange's answer and in the link.code_issued event, not only in
-- the visitor's browser. Bounded as the contract bounds it.
alter table link_codes add column state text
  check (state is null or char_length(state) between 1 and 512);
