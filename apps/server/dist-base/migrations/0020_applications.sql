-- Deposit applications. The package's rate, term and currency
-- are copied in when the application is sent, so a later rate change never alters an application.
create table applications (
  id uuid primary key default gen_random_uuid(),
  -- null when sent signed out; accounts with applications cannot be deleted (records are kept)
  user_id uuid references users (id),
  package_id uuid not null references packages (id),
  full_name text not null check (length(full_name) between 1 and 200),
  email text not null check (length(email) between 3 and 254),
  phone text not null check (length(phone) between 1 and 32),
  amount numeric(14, 2) not null check (amount > 0),
  currency char(3) not null,
  interest_rate numeric(5, 2) not null check (interest_rate >= 0 and interest_rate <= 20),
  duration_months integer not null check (duration_months > 0 and duration_months <= 120),
  message text check (message is null or length(message) <= 2000),
  -- electronic format: upper case, no spaces (validated with ISO 13616 mod-97 by the application)
  reference_iban text not null check (reference_iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'),
  maturity_instruction text not null check (maturity_instruction in ('payout', 'renew_principal', 'renew_all')),
  -- when the saver confirmed receiving the depositor information sheet
  info_sheet_acknowledged_at timestamptz not null,
  -- language the saver used, for messages about this application
  language text not null default 'en' check (language in ('en', 'de', 'fr')),
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected', 'withdrawn')),
  decided_at timestamptz,
  decided_by uuid references users (id),
  admin_notes text check (admin_notes is null or length(admin_notes) <= 2000),
  withdrawn_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- a decided application has its decision time; only an approved one can have been withdrawn
  check ((status = 'pending') = (decided_at is null)),
  check ((status = 'withdrawn') = (withdrawn_at is not null))
);

-- The admin list: filtered by status, newest first; and unfiltered, newest first.
create index applications_status_created_idx on applications (status, created_at desc);
create index applications_created_idx on applications (created_at desc);
-- A saver's own applications (dashboard), newest first.
create index applications_user_created_idx on applications (user_id, created_at desc);
