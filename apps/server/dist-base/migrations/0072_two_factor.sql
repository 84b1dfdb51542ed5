-- Two-factor sign-in: a TOTP secret per account (RFC 6238), single-use recovery codes stored as
-- SHA-256, and the short-lived challenge that links the two calls of a sign-in (password, then code).

-- The authenticator secret (base32). `confirmed_at` is null while enrolment waits for the first code;
-- only a confirmed secret protects the account. `last_step` is the newest 30-second step a code was
-- accepted for: a code works once, an older one never again.
create table user_totp (
  user_id uuid primary key references users (id) on delete cascade,
  secret text not null,
  created_at timestamptz not null default now(),
  confirmed_at timestamptz,
  last_step bigint
);

-- Ten codes per enrolment, each usable once; a new set replaces the old one.
create table recovery_codes (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  code_hash text not null,
  created_at timestamptz not null default now(),
  used_at timestamptz
);
create index recovery_codes_user_idx on recovery_codes (user_id) where used_at is null;

-- After the right password of an account with two-factor: the token (SHA-256 stored) lets the second
-- call finish the sign-in, for 5 minutes and 5 wrong codes at most.
create table login_challenges (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  failed_attempts integer not null default 0,
  used_at timestamptz,
  ip text,
  user_agent text
);
create index login_challenges_user_idx on login_challenges (user_id);
