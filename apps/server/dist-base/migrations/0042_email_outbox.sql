-- Notification e-mails waiting for delivery (when SMTP_URL is set). Rows are written in the same
-- transaction as the notification, so an acknowledged send is never lost; a background worker
-- delivers them with retries. A claim pushes next_attempt_at forward (a lease), so a worker that
-- dies mid-send leaves the row to be retried, and several server processes never send one twice
-- at the same time (FOR UPDATE SKIP LOCKED).
-- No foreign keys on purpose: a broadcast writes one row per account in one INSERT ... SELECT, and
-- two foreign-key checks per row would make that several times slower (bench/backoffice-capacity.ts).
-- The rows are written from existing ids in the same transaction; a recipient who no longer exists
-- when the worker gets there is marked failed.
create table email_outbox (
  -- a cached sequence: a broadcast draws 100,000 ids at once
  id bigint generated always as identity (cache 1000) primary key,
  notification_id uuid not null,
  user_id uuid not null,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  sent_at timestamptz,
  failed_at timestamptz,
  last_error text,
  created_at timestamptz not null default now()
);
create index email_outbox_due_idx on email_outbox (next_attempt_at, id)
  where sent_at is null and failed_at is null;
