-- A notification to every account e-mails every account. Writing one outbox row per account inside
-- the sending request made the request as slow as the number of accounts (five seconds for a
-- million, bench/backoffice-capacity.ts). Instead the request writes one row here, in the same
-- transaction as the notification, so an acknowledged send is still never lost; the outbox worker
-- writes the outbox rows in batches of accounts, in id order, moving after_user_id on in the same
-- transaction as each batch, so a worker that dies resumes where the last batch ended and two
-- workers never write one batch twice (FOR UPDATE SKIP LOCKED). The row is deleted with the last
-- batch.
-- The audience is the accounts created up to audience_until (the notification's own time): those
-- whose inbox shows it, the same accounts the request used to write rows for.
create table email_broadcasts (
  notification_id uuid primary key,
  audience_until timestamptz not null,
  after_user_id uuid,
  created_at timestamptz not null default now()
);
