-- Messages to the saver: every event of an account lands in its inbox and is
-- e-mailed once, in the account's language.

-- The account's language for e-mails and documents; set at registration, changed on the profile.
alter table users add column language text not null default 'en' check (language in ('en', 'de', 'fr'));

-- One row per (account, event key): notify() inserts it first, so an event that is reported twice (a
-- retried job, a second call) produces its inbox message and its e-mail once.
create table message_events (
  user_id uuid not null references users (id) on delete cascade,
  event_key text not null check (char_length(event_key) between 1 and 200),
  event_type text not null,
  notification_id uuid references notifications (id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (user_id, event_key)
);

-- The outbox carries two kinds of e-mail now: a notification's (title and message of the notification, as
-- before) and a rendered template (template name, its facts and language, rendered by the worker). A
-- template e-mail may go to an address rather than an account (the old address after an e-mail change, a
-- newsletter confirmation), so both foreign ids become optional.
alter table email_outbox alter column notification_id drop not null;
alter table email_outbox alter column user_id drop not null;
alter table email_outbox add column template text;
alter table email_outbox add column facts jsonb;
alter table email_outbox add column language text check (language in ('en', 'de', 'fr'));
alter table email_outbox add column to_address text;
alter table email_outbox add constraint email_outbox_kind_check check (
  (template is null and notification_id is not null and user_id is not null)
  or (template is not null and facts is not null and (user_id is not null or to_address is not null))
);
