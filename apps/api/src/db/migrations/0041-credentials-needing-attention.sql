-- The summary counts each institution's credentials by state (decision 0060). Almost every credential is
-- "ok"; the few that are not are found through this partial index, so only they pay the state's
-- evaluation, and the totals are a plain count per institution. The predicate is a superset of "not
-- ok" that needs no clock: a refresh requested at any time, any SCA token, any error.
create index credentials_attention_idx on credentials (company_id, entity_id)
  where blocked or last_update is null or refresh_requested_at is not null or sca_token is not null
    or error is not null;
