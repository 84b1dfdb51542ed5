-- Newsletter sign-ups from the blog sidebar: the address with the time
-- and language of the consent. One row per address; subscribing again keeps the first consent.
create table newsletter_subscriptions (
  id uuid primary key default gen_random_uuid(),
  -- stored trimmed and lower-cased by the application; the check keeps the unique key case-insensitive
  email text not null unique check (email = lower(email) and length(email) between 3 and 254),
  language text not null check (language in ('en', 'de', 'fr')),
  consented_at timestamptz not null default now()
);
-- The back office lists the newest first.
create index newsletter_subscriptions_consented_at_idx on newsletter_subscriptions (consented_at desc, id desc);
