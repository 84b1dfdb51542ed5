-- Scheduled jobs (docs/decisions.md "Jobs: a table in the same database"). A job is a row; a worker
-- claims due rows with FOR UPDATE SKIP LOCKED, does the work and marks the row done in the same
-- transaction, so a job's effect and its completion commit together, exactly once, however many
-- server processes share the database. A claim is a lease: a worker that died leaves a row whose
-- lease runs out and another worker takes it up.
create table jobs (
  id bigserial primary key,
  name text not null,
  -- one job per key (for example "deposit.maturity:<id>"): scheduling twice schedules once
  key text not null unique,
  payload jsonb not null default '{}',
  state text not null default 'pending' check (state in ('pending', 'running', 'done', 'failed', 'cancelled')),
  run_at timestamptz not null,
  attempts integer not null default 0,
  max_attempts integer not null default 5 check (max_attempts > 0),
  locked_until timestamptz,
  locked_by text,
  last_error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  finished_at timestamptz
);
create index jobs_due_idx on jobs (run_at, id) where state in ('pending', 'running');
create index jobs_failed_idx on jobs (updated_at desc) where state = 'failed';
