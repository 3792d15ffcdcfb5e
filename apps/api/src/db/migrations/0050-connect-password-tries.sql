-- Password tries a hosted connect token has taken: each reaches the holder's bank as a login attempt, so
-- a token takes only a few (connect-tokens.ts). Counted on the token's own row, so one statement both
-- checks and takes a try and concurrent submissions never get past the cap.
alter table connect_tokens add column password_tries integer not null default 0
  check (password_tries >= 0);
