-- Newsletter double opt-in: a sign-up is a request until the address confirms it through a single-use
-- link (only its SHA-256 is stored, cleared when used); unconfirmed requests are deleted after 30 days
-- by a scheduled job. Every subscription has its own unsubscribe token, put in every newsletter e-mail;
-- unsubscribing deletes the row. Sign-ups stored before double opt-in were never confirmed: they stay
-- unconfirmed and are deleted like any other unconfirmed request.
alter table newsletter_subscriptions
  add column confirmed_at timestamptz,
  add column confirm_token_hash text unique check (confirm_token_hash ~ '^[0-9a-f]{64}$'),
  add column unsubscribe_token text not null unique default replace(gen_random_uuid()::text, '-', '')
    || replace(gen_random_uuid()::text, '-', '');
-- The deletion job looks for old unconfirmed requests.
create index newsletter_subscriptions_unconfirmed_idx on newsletter_subscriptions (consented_at)
  where confirmed_at is null;
-- The requests stored before double opt-in are deleted 30 days from now unless confirmed by then.
insert into jobs (name, key, run_at, payload)
select 'newsletter.expire', 'newsletter.expire:' || id || ':legacy', now() + interval '30 days',
  jsonb_build_object('subscription_id', id)
from newsletter_subscriptions;
