-- The company's language (issue 29, decision 0042): what a holder's mail falls back to when the holder
-- never visited a hosted page (their own language is kept in credentials.holder_language). Existing
-- companies keep what they got until now: Spanish, Caudal's default.
alter table companies add column language text not null default 'es' check (language in ('es', 'en'));
