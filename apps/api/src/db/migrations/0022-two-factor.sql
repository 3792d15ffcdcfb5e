-- Two-factor sign-in (TOTP) for staff, the company's policy, and sessions a user can see and end.

-- The TOTP key is sealed (AES-GCM, like bank credentials), not hashed: a code is checked against it.
-- An enrolment's key waits in totp_pending_key until a first code confirms it. totp_last_step is the
-- time-step of the last code accepted: a code is accepted once within its window.
alter table users add column totp_key text;
alter table users add column totp_pending_key text;
alter table users add column totp_enabled_at timestamptz;
alter table users add column totp_last_step integer;

-- Staff without two-factor are sent to enrol at their next (local) sign-in.
alter table companies add column require_two_factor boolean not null default false;

-- Shown once, kept as sha256 hashes, each single-use.
create table recovery_codes (
  code_hash text primary key,
  user_id uuid not null references users (id) on delete cascade,
  company_id uuid not null references companies (id) on delete cascade,
  used_at timestamptz,
  created_at timestamptz not null
);
create index recovery_codes_user_idx on recovery_codes (user_id);

-- Between a correct password and the code: single-use, 5 minutes, only the token's sha256 is kept.
-- It keeps the lockout names as typed at the password step, so code guesses count as that step's failures.
create table sign_in_challenges (
  token_hash text primary key,
  user_id uuid not null references users (id) on delete cascade,
  company_id uuid not null references companies (id) on delete cascade,
  purpose text not null check (purpose in ('code', 'enrol')),
  company_key text not null,
  username_key text not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null
);
create index sign_in_challenges_user_idx on sign_in_challenges (user_id);
create index sign_in_challenges_expires_idx on sign_in_challenges (expires_at);

-- Where a session was started from, for the user's list of sessions (last_seen_at exists already).
alter table sessions add column address text;
alter table sessions add column browser text;
