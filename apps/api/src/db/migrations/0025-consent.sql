-- Consent lifecycle (issue 29, decision 0033). Under PSD2 an account-information consent lasts 90 or
-- 180 days (the institution's validity, engine/sandbox/institutions.ts) and must then be renewed by the
-- holder. Expiry is its own column beside the spec's status fields (blocked, sca_token, last_update):
-- nothing here changes needsAction or the summary's Blocked, Pending and SCA states.
alter table credentials add column consent_expires_at timestamptz;
-- The language of the holder's last hosted visit: reminders are written in it (else the company's, es).
alter table credentials add column holder_language text;

-- Existing rows: consents run in whole periods from the credential's creation, each period renewed
-- while the credential kept refreshing; the current period is the first one ending after today, so no
-- credential that worked yesterday stops today. The 90-day list matches CONSENT_90_DAY_INSTITUTIONS
-- (institutions.ts); `-e` ids count as their base entity (spec section 9).
update credentials
set consent_expires_at = created_at + make_interval(days =>
  validity * greatest(1, ceil(extract(epoch from (now() - created_at)) / (validity * 86400.0))::int))
from (
  select id as credential_id,
    case when regexp_replace(entity_id, '-e$', '') in ('ing', 'openbank', 'myinvestor', 'degiro', 'interactive-brokers')
      then 90 else 180 end as validity
  from credentials
) periods
where periods.credential_id = credentials.id;

-- A row written by code that does not set it yet gets the common validity; the connect flow and the
-- seeds always set the institution's own.
alter table credentials alter column consent_expires_at set default now() + interval '180 days';
alter table credentials alter column consent_expires_at set not null;

-- The expiring/expired counts, the 14-day filter and the daily scan read consents by end date.
create index credentials_consent_expiry_idx on credentials (company_id, consent_expires_at);
create index credentials_consent_scan_idx on credentials (consent_expires_at);

-- What the consent scan already did for one consent period (a period is identified by its end date):
-- each reminder (reminder-14, reminder-3...) and each event (expiring, expired) at most once.
create table consent_notices (
  credentials_id uuid not null references credentials (id) on delete cascade,
  consent_expires_at timestamptz not null,
  kind text not null,
  created_at timestamptz not null default now(),
  primary key (credentials_id, consent_expires_at, kind)
);

-- Renewal links are hosted connect tokens of their own kind (7 days, single use, sha-256 stored).
alter table connect_tokens drop constraint connect_tokens_kind_check;
alter table connect_tokens add constraint connect_tokens_kind_check
  check (kind in ('connect', 'reset', 'sca', 'renew'));
