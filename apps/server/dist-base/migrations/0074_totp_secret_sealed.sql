-- TOTP secrets are kept encrypted (AES-256-GCM) under a key outside the database: TOTP_KEY, or one
-- derived from the document key (docs/decisions.md, "TOTP secrets at rest"). A migration has no key,
-- so existing secrets move to `secret_plain`, and the server seals them into `secret_sealed` at its
-- next start, before it serves a request (modules/auth/totp-secret.ts). New secrets are only ever
-- sealed; each row holds exactly one of the two.
alter table user_totp rename column secret to secret_plain;
alter table user_totp alter column secret_plain drop not null;
alter table user_totp add column secret_sealed text;
alter table user_totp add constraint user_totp_one_secret
  check (num_nonnulls(secret_plain, secret_sealed) = 1);
