-- Admin notifications and the users' inboxes.
-- A notification to all users is one row with broadcast = true that every account existing at the
-- time reads (fan-out on read): sending to 100,000 customers costs one insert, not 100,000.
-- A notification to chosen users lists them in notification_recipients (one INSERT ... SELECT).
create table notifications (
  id uuid primary key default gen_random_uuid(),
  title text not null check (char_length(title) between 1 and 200),
  message text not null check (char_length(message) between 1 and 5000),
  broadcast boolean not null,
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index notifications_broadcast_created_idx on notifications (created_at) where broadcast;

create table notification_recipients (
  user_id uuid not null references users (id) on delete cascade,
  notification_id uuid not null references notifications (id) on delete cascade,
  primary key (user_id, notification_id)
);
create index notification_recipients_notification_idx on notification_recipients (notification_id);

-- Per-user read state; a row means "read". Written only when a user reads, never at send time.
create table notification_reads (
  user_id uuid not null references users (id) on delete cascade,
  notification_id uuid not null references notifications (id) on delete cascade,
  read_at timestamptz not null default now(),
  primary key (user_id, notification_id)
);
