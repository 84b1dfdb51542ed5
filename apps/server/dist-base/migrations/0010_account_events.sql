-- Security events of accounts (sign-ins, failed sign-ins, password and e-mail changes, admin creation):
-- the trail a regulated operator needs to answer "who did what to this account, when, from where".
-- Never holds a password or a token.
create table account_events (
  id bigint generated always as identity primary key,
  user_id uuid references users (id) on delete set null,
  event text not null check (event in (
    'registered', 'login_succeeded', 'login_failed', 'logout', 'password_changed',
    'profile_updated', 'admin_created'
  )),
  ip text,
  user_agent text,
  detail jsonb,
  created_at timestamptz not null default now()
);
create index account_events_user_id_idx on account_events (user_id, created_at);
