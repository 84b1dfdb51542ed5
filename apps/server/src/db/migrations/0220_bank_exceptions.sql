-- The staff work queue of statement entries the import could not settle by itself (docs/decisions.md
-- "Bank exceptions: every statement entry ends somewhere"), and the two accounts its postings use.

alter table ledger_accounts drop constraint ledger_accounts_address_check;
alter table ledger_accounts add constraint ledger_accounts_address_check check (
  address ~ '^(banks:[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}:(cash|interest_expense|suspense|in_transit|bank_fees|write_off)|deposits:[0-9a-f-]{36})$'
);
alter table ledger_accounts drop constraint ledger_accounts_type_check;
alter table ledger_accounts add constraint ledger_accounts_type_check check (
  type in ('cash', 'interest_expense', 'suspense', 'in_transit', 'deposit', 'bank_fees', 'write_off')
);

create table bank_exceptions (
  id uuid primary key default gen_random_uuid(),
  bank_statement_id uuid not null references bank_statements (id),
  entry_key text not null,
  account_iban text not null,
  -- what the entry is (the reader's kind) and why the import left it to staff
  kind text not null check (kind in ('credit', 'debit', 'return', 'reversal', 'refused')),
  direction text check (direction in ('credit', 'debit')),
  reason text not null,
  -- null when the bank's amount cannot be read (amount_text keeps it as written)
  amount_cents bigint check (amount_cents > 0),
  amount_text text,
  currency text,
  booking_date date,
  value_date date,
  counterparty_name text,
  counterparty_iban text,
  remittance text,
  end_to_end_id text,
  deposit_id uuid,
  payment_order_id uuid references payment_orders (id),
  -- a euro credit booked into suspense by the import (credit_unmatched), kept as an unmatched credit
  unmatched_credit_id uuid references unmatched_credits (id),
  status text not null default 'open' check (status in ('open', 'pending_release', 'resolved')),
  action text check (action in ('return_to_payer', 'assign_to_deposit', 'bank_fee', 'write_off', 'handled_outside')),
  action_reason text,
  action_deposit_id uuid,
  action_by uuid references users (id) on delete set null,
  action_at timestamptz,
  released_by uuid references users (id) on delete set null,
  released_at timestamptz,
  return_order_id uuid references payment_orders (id),
  created_at timestamptz not null,
  unique (bank_statement_id, entry_key),
  check ((status = 'open') = (action is null))
);
create index bank_exceptions_status_idx on bank_exceptions (status, created_at, id);
create index bank_exceptions_unmatched_idx on bank_exceptions (unmatched_credit_id) where unmatched_credit_id is not null;

-- An unmatched credit settled from the queue: funded a deposit, or written off (returned stays).
alter table unmatched_credits drop constraint unmatched_credits_status_check;
alter table unmatched_credits add constraint unmatched_credits_status_check check (
  status in ('open', 'returned', 'assigned', 'written_off')
);
