-- Deposits: the life of an approved application's money. An approved
-- application gets one deposit; a renewal at maturity is a new deposit linked to the one before.
-- Money is kept in integer cents in a small ledger per deposit, so every figure is a sum of entries.

-- Rejecting an application needs a reason the saver reads.
alter table applications
  add column rejection_reason text check (rejection_reason is null or length(rejection_reason) <= 1000);

-- Which partner bank receives a package's deposits (null: the platform's default account from the
-- configuration), and the package's rule for closing a deposit before maturity.
alter table packages
  add column partner_bank_holder text check (partner_bank_holder is null or length(partner_bank_holder) between 1 and 70),
  add column partner_bank_iban text check (partner_bank_iban is null or partner_bank_iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'),
  add column partner_bank_bic text check (partner_bank_bic is null or partner_bank_bic ~ '^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$'),
  add column partner_bank_name text check (partner_bank_name is null or length(partner_bank_name) between 1 and 120),
  -- not_allowed: held to maturity; no_interest: principal back, no interest; pro_rata: interest for
  -- the whole months held at the deposit's rate
  add column early_closure text not null default 'not_allowed'
    check (early_closure in ('not_allowed', 'no_interest', 'pro_rata')),
  add constraint packages_partner_bank_complete check (
    (partner_bank_holder is null) = (partner_bank_iban is null)
    and (partner_bank_iban is null) = (partner_bank_bic is null)
  );

-- The seeded 3-month package states "Early withdrawal allowed".
update packages set early_closure = 'pro_rata'
where duration_months = 3 and features -> 'en' ? 'Early withdrawal allowed';

-- Numbers of the payment references (RF creditor references are built from them).
create sequence deposit_reference_seq start with 100001;

create table deposits (
  id uuid primary key default gen_random_uuid(),
  application_id uuid not null references applications (id),
  user_id uuid references users (id),
  package_id uuid not null references packages (id),
  -- the deposit this one renews (null for the first deposit of an application)
  previous_deposit_id uuid unique references deposits (id),
  -- ISO 11649 creditor reference, electronic format ("RF18FG00100001")
  reference text not null unique check (reference ~ '^RF[0-9]{2}[A-Z0-9]{1,21}$'),
  status text not null default 'awaiting_funds' check (status in (
    'awaiting_funds', 'active', 'matured', 'paid_out', 'renewed', 'lapsed', 'withdrawn', 'closed_early'
  )),
  amount_cents bigint not null check (amount_cents > 0),
  currency char(3) not null,
  interest_rate numeric(5, 2) not null check (interest_rate >= 0 and interest_rate <= 20),
  duration_months integer not null check (duration_months > 0 and duration_months <= 120),
  maturity_instruction text not null check (maturity_instruction in ('payout', 'renew_principal', 'renew_all')),
  -- the saver's reference account: money must come from it and goes back to it
  payer_iban text not null,
  -- the account the saver transfers to (copied, so a later configuration change alters no instruction)
  bank_holder text not null,
  bank_iban text not null,
  bank_bic text not null,
  bank_name text,
  early_closure text not null default 'not_allowed' check (early_closure in ('not_allowed', 'no_interest', 'pro_rata')),
  approved_at timestamptz not null,
  -- last moment the money may arrive (null for a renewal, which is funded from the deposit before)
  funding_deadline timestamptz,
  funded_at timestamptz,
  value_date date,
  maturity_date date,
  matured_at timestamptz,
  paid_out_at timestamptz,
  renewed_at timestamptz,
  lapsed_at timestamptz,
  withdrawn_at timestamptz,
  closed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((status = 'awaiting_funds') = (value_date is null) or status in ('lapsed', 'withdrawn')),
  check ((value_date is null) = (maturity_date is null))
);
-- One first deposit per application; renewals hang off it.
create unique index deposits_first_per_application_idx on deposits (application_id) where previous_deposit_id is null;
create index deposits_application_idx on deposits (application_id, created_at);
create index deposits_user_idx on deposits (user_id, status);
-- Funding queue: awaiting funds, oldest first.
create index deposits_awaiting_idx on deposits (approved_at, id) where status = 'awaiting_funds';
-- Maturity calendar and the maturity job.
create index deposits_maturity_idx on deposits (maturity_date, id) where status = 'active';

-- The ledger: positive amounts; the kind says the direction. One entry of each kind per deposit, so
-- a step that runs twice cannot book twice.
create table deposit_ledger (
  id bigserial primary key,
  deposit_id uuid not null references deposits (id),
  kind text not null check (kind in ('principal_received', 'interest_credited', 'payout', 'carried_to_renewal')),
  amount_cents bigint not null check (amount_cents >= 0),
  value_date date not null,
  -- manual | statement | renewal | maturity | early_closure
  source text not null,
  bank_statement_id uuid,
  booked_at timestamptz not null,
  booked_by uuid references users (id),
  unique (deposit_id, kind)
);

-- What happened to a deposit, in order (the timeline).
create table deposit_events (
  id bigserial primary key,
  deposit_id uuid not null references deposits (id),
  type text not null,
  at timestamptz not null,
  actor_id uuid references users (id),
  details jsonb not null default '{}'
);
create index deposit_events_deposit_idx on deposit_events (deposit_id, id);

-- Imported bank statements (ISO 20022 camt.053). The same statement imported again is recognised
-- by its message and statement identification, or by its content, and changes nothing.
create table bank_statements (
  id uuid primary key default gen_random_uuid(),
  message_id text not null,
  statement_id text not null,
  content_sha256 text not null unique,
  format text not null,
  account_iban text,
  credits integer not null,
  matched integer not null,
  result jsonb not null,
  imported_at timestamptz not null,
  imported_by uuid references users (id),
  unique (message_id, statement_id)
);
alter table deposit_ledger add foreign key (bank_statement_id) references bank_statements (id);
