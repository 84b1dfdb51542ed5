-- Notification e-mails waiting for delivery (when SMTP_URL is set). Rows are written in the same
-- transaction as the notification, so an acknowledged send is never lost; a background worker
-- delivers them with retries. A claim pushes next_attempt_at forward (a lease), so a worker that
-- dies mid-send leaves the row to be retried, and several server processes never send one twice
-- at the same time (FOR UPDATE SKIP LOCKED).
create table email_outbox (
  id bigint generated always as identity primary key,
  notification_id uuid not null references notifications (id) on delete cascade,
  user_id uuid not null references users (id) on delete cascade,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  sent_at timestamptz,
  failed_at timestamptz,
  last_error text,
  created_at timestamptz not null default now()
);
create index email_outbox_due_idx on email_outbox (next_attempt_at, id)
  where sent_at is null and failed_at is null;
