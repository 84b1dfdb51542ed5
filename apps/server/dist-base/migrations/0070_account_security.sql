-- Account security: e-mail verification, password reset, failed sign-ins counted per account and
-- address, account e-mails through the outbox.

-- When the current address was confirmed (null: not yet). Accounts that existed before verification
-- were accepted under the earlier rules and count as verified from their creation; every new account
-- and every change of address starts unverified.
alter table users add column email_verified_at timestamptz;
update users set email_verified_at = created_at;

-- Single-use tokens sent by e-mail (password reset, e-mail verification). Only the SHA-256 of the
-- token is stored; `email` is the address the token was sent to (the one a verification confirms).
create table account_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  purpose text not null check (purpose in ('password_reset', 'email_verification')),
  token_hash text not null unique,
  email text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index account_tokens_user_idx on account_tokens (user_id, purpose) where used_at is null;

-- Failed sign-ins, one row each: counted per (account, address) and per account within a window.
-- Successful sign-ins are never counted. Keys are hashes of the e-mail and the client address (per
-- /64 for IPv6), also for e-mails without an account, so that an unknown e-mail behaves the same.
create table login_failures (
  id bigint generated always as identity primary key,
  account_key text not null,
  address_key text not null,
  failed_at timestamptz not null default now()
);
create index login_failures_account_idx on login_failures (account_key, failed_at);
create index login_failures_failed_at_idx on login_failures (failed_at);

-- Account e-mails (reset and verification links) are template e-mails of the outbox whose facts hold a
-- link with a token; such facts are erased once the e-mail is sent or given up.
alter table email_outbox add column erase_after_send boolean not null default false;

-- The account events of the security features.
alter table account_events drop constraint account_events_event_check;
alter table account_events add constraint account_events_event_check check (event in (
  'registered', 'login_succeeded', 'login_failed', 'logout', 'password_changed',
  'profile_updated', 'admin_created',
  'login_blocked', 'password_reset_requested', 'password_reset', 'email_verification_sent',
  'email_verified',
  'two_factor_enabled', 'two_factor_disabled', 'two_factor_failed', 'recovery_code_used',
  'recovery_codes_regenerated', 'passkey_added', 'passkey_removed', 'login_passkey',
  'session_revoked', 'sessions_revoked', 'account_locked', 'account_unlocked', 'role_changed',
  'password_reset_sent_by_staff'
));
