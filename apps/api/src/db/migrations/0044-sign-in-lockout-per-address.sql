-- The sign-in lockout counts per address as well as per account. A tester kept another company's admin
-- out for good with five wrong passwords every 15 minutes, from anywhere: company names are public on
-- the hosted pages, usernames easy to guess. Now LOGIN_MAX_FAILURES failures lock the names for the
-- address they came from only; the account locks for everyone after LOGIN_MAX_FAILURES_PER_ACCOUNT
-- failures from any addresses (guessing spread over many). Rows kept from before are account-wide
-- (address ''): their counts, under five, stay below that tier's limit; a lock they hold runs out as set.
alter table login_failures add column address text not null default '';
alter table login_failures drop constraint login_failures_pkey;
alter table login_failures add primary key (company_key, username_key, address);
