-- The account-wide count of second-step codes, one row per account: claiming an attempt is one
-- conditional upsert, so parallel codes across several challenges cannot all pass the check before any
-- of them is counted (docs/decisions.md "Two-factor attempts counted before they are evaluated").
create table two_factor_attempts (
  user_id uuid primary key references users (id) on delete cascade,
  window_start timestamptz not null,
  attempts integer not null check (attempts > 0)
);
