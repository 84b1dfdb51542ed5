-- Passkeys (WebAuthn), a second way to sign in (docs/decisions.md, "Passkeys"): the public key of each
-- credential with its signature counter and backup state, and the ceremonies' challenges.

-- `credential_id` and `public_key` (COSE) are base64url. `counter` is the authenticator's signature
-- counter (0 for authenticators that keep none); an answer must raise it unless both are 0.
create table passkeys (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  credential_id text not null unique,
  public_key text not null,
  counter bigint not null default 0 check (counter >= 0),
  transports text not null default '',
  device_type text not null check (device_type in ('singleDevice', 'multiDevice')),
  backed_up boolean not null,
  aaguid text,
  name text not null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz
);
create index passkeys_user_idx on passkeys (user_id, created_at);

-- A challenge works once (the row is deleted as it is used) and for 2 minutes. Only its SHA-256 is
-- stored. Registration challenges belong to the signed-in account; sign-in ones to nobody yet.
create table webauthn_challenges (
  id uuid primary key default gen_random_uuid(),
  purpose text not null check (purpose in ('registration', 'authentication')),
  user_id uuid references users (id) on delete cascade,
  challenge_hash text not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  check ((purpose = 'registration') = (user_id is not null))
);
create index webauthn_challenges_expires_idx on webauthn_challenges (expires_at);
