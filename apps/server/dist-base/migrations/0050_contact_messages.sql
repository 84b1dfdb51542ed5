-- Messages sent through the contact form, read by staff in the back office.
-- No IP address or user agent is kept: the rate limit needs neither after the request (data minimisation).
create table contact_messages (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(name) between 1 and 120),
  email text not null check (char_length(email) between 3 and 254),
  subject text not null check (char_length(subject) between 1 and 200),
  message text not null check (char_length(message) between 1 and 5000),
  language text not null check (language in ('en', 'de', 'fr')),
  created_at timestamptz not null default now()
);
-- The back office lists newest first.
create index contact_messages_created_at_idx on contact_messages (created_at desc, id desc);
