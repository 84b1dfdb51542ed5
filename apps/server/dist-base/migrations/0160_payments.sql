-- Payments: every euro that leaves a partner bank account is a payment order, collected into SEPA
-- credit-transfer files (pain.001.001.09) and confirmed by the bank statement (docs/decisions.md
-- "Payment orders").

-- A deposit whose payout is ordered but not yet booked by the bank.
alter table deposits drop constraint if exists deposits_status_check;
alter table deposits add constraint deposits_status_check check (status in (
  'awaiting_funds', 'active', 'matured', 'payout_pending', 'paid_out', 'renewed', 'lapsed', 'withdrawn',
  'closed_early'
));

-- A statement is recognised by what it says (the reader's fingerprint), not only by its ids.
alter table bank_statements
  add column fingerprint text unique,
  add column entries integer not null default 0;

-- SEPA credit-transfer files, one per debtor account and creation.
create table payment_files (
  id uuid primary key default gen_random_uuid(),
  message_id text not null unique,
  debtor_iban text not null,
  requested_date date not null,
  order_count integer not null check (order_count > 0),
  control_sum_cents bigint not null check (control_sum_cents > 0),
  xml text not null,
  created_at timestamptz not null,
  created_by uuid references users (id)
);
create index payment_files_created_idx on payment_files (created_at desc, id);

-- Credits on a partner bank account that no deposit awaited: staff see them and may send them back.
create table unmatched_credits (
  id uuid primary key default gen_random_uuid(),
  bank_statement_id uuid not null references bank_statements (id),
  entry_key text not null,
  account_iban text not null,
  amount_cents bigint not null check (amount_cents > 0),
  currency char(3) not null,
  booking_date date not null,
  value_date date,
  payer_name text,
  payer_iban text,
  remittance text,
  reason text not null,
  deposit_id uuid references deposits (id),
  status text not null default 'open' check (status in ('open', 'returned')),
  created_at timestamptz not null,
  unique (bank_statement_id, entry_key)
);
create index unmatched_credits_open_idx on unmatched_credits (created_at, id) where status = 'open';

create table payment_orders (
  id uuid primary key default gen_random_uuid(),
  source text not null check (source in (
    'maturity_payout', 'renewal_interest', 'withdrawal_refund', 'early_closure', 'credit_return'
  )),
  status text not null default 'ordered' check (status in ('ordered', 'submitted', 'booked', 'returned', 'cancelled')),
  deposit_id uuid references deposits (id),
  user_id uuid references users (id),
  unmatched_credit_id uuid references unmatched_credits (id),
  -- the order this one replaces (a re-order after a return)
  replaces_order_id uuid unique references payment_orders (id),
  debtor_name text not null,
  debtor_iban text not null,
  debtor_bic text not null,
  creditor_name text not null,
  creditor_iban text not null,
  creditor_street text,
  creditor_building text,
  creditor_postcode text,
  creditor_town text,
  creditor_country char(2),
  amount_cents bigint not null check (amount_cents > 0),
  principal_cents bigint not null default 0 check (principal_cents >= 0),
  interest_cents bigint not null default 0 check (interest_cents >= 0),
  end_to_end_id text not null unique,
  remittance text not null,
  requested_date date not null,
  file_id uuid references payment_files (id),
  returns_statement_entry text,
  booking_date date,
  return_reason text,
  cancel_reason text,
  created_at timestamptz not null,
  created_by uuid references users (id),
  updated_at timestamptz not null,
  check (principal_cents + interest_cents <= amount_cents)
);
create index payment_orders_status_idx on payment_orders (status, debtor_iban, created_at);
create index payment_orders_deposit_idx on payment_orders (deposit_id) where deposit_id is not null;
create index payment_orders_file_idx on payment_orders (file_id) where file_id is not null;
-- One open return per unmatched credit.
create unique index payment_orders_one_return_idx on payment_orders (unmatched_credit_id)
  where unmatched_credit_id is not null and status <> 'cancelled' and status <> 'returned';
