-- The double-entry books (docs/decisions.md "The journal"). Every money movement is one journal entry
-- of two or more lines that sum to exactly zero, over named accounts. Amounts are signed integer
-- cents: positive = debit, negative = credit. The database refuses an unbalanced entry at commit
-- (deferred constraint triggers), and lines and entries are append-only: a correction is a reversing
-- entry that names the entry it reverses.

-- Accounts are data; the address says what the account is (Formance-style segments):
--   banks:<IBAN>:cash              the partner bank account (asset, debit balance)
--   banks:<IBAN>:interest_expense  interest the platform's partner bank owes savers (expense)
--   banks:<IBAN>:suspense          credits received that no deposit awaits (liability)
--   banks:<IBAN>:in_transit        payment orders created, not yet booked by the bank (liability)
--   deposits:<deposit id>          what one deposit owes its saver (liability, credit balance)
create table ledger_accounts (
  address text primary key check (address ~ '^(banks:[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}:(cash|interest_expense|suspense|in_transit)|deposits:[0-9a-f-]{36})$'),
  type text not null check (type in ('cash', 'interest_expense', 'suspense', 'in_transit', 'deposit')),
  -- the partner bank account the account belongs to (the receiving IBAN; for a deposit, its bank_iban)
  bank_iban text not null,
  deposit_id uuid unique references deposits (id),
  created_at timestamptz not null default now(),
  check ((type = 'deposit') = (deposit_id is not null))
);
create index ledger_accounts_bank_idx on ledger_accounts (bank_iban, type);

create table ledger_entries (
  id bigint generated always as identity primary key,
  -- funds_received, interest_credited, renewal_carry_over, payout_without_order, order_created,
  -- order_booked, order_returned, order_cancelled, credit_unmatched, opening, reversal ...
  kind text not null check (kind ~ '^[a-z_]{1,40}$'),
  -- what the entry books, unique: posting the same thing twice is refused (idempotency)
  reference text not null unique check (length(reference) between 1 and 200),
  -- the value date the books count the entry on
  effective_date date not null,
  created_at timestamptz not null default now(),
  deposit_id uuid references deposits (id),
  payment_order_id text,
  -- the bank statement line the entry books (reconciliation matches on these two)
  statement_id text,
  statement_entry_key text,
  -- a reversing entry names the entry it reverses; an entry is reversed at most once
  reverses_entry_id bigint unique references ledger_entries (id),
  details jsonb not null default '{}',
  check ((statement_id is null) = (statement_entry_key is null))
);
create index ledger_entries_deposit_idx on ledger_entries (deposit_id, kind) where deposit_id is not null;
create index ledger_entries_order_idx on ledger_entries (payment_order_id, kind) where payment_order_id is not null;
create index ledger_entries_statement_idx on ledger_entries (statement_id, statement_entry_key) where statement_id is not null;

create table ledger_lines (
  id bigint generated always as identity primary key,
  entry_id bigint not null references ledger_entries (id),
  account text not null references ledger_accounts (address),
  amount_cents bigint not null check (amount_cents <> 0)
);
create index ledger_lines_entry_idx on ledger_lines (entry_id);
create index ledger_lines_account_idx on ledger_lines (account, entry_id);

-- An entry balances: at least two lines, summing to zero. Checked when the transaction commits, so
-- the lines of an entry can be inserted one statement after another.
create function ledger_entry_balanced() returns trigger language plpgsql as $$
declare
  entry bigint;
  line_count integer;
  total numeric;
begin
  if tg_table_name = 'ledger_entries' then
    entry := new.id;
  else
    entry := new.entry_id;
  end if;
  select count(*), coalesce(sum(amount_cents), 0) into line_count, total from ledger_lines where entry_id = entry;
  if line_count < 2 then
    raise exception 'journal entry % has % line(s); an entry needs at least two', entry, line_count
      using errcode = '23514';
  end if;
  if total <> 0 then
    raise exception 'journal entry % does not balance: its lines sum to % cents', entry, total
      using errcode = '23514';
  end if;
  return null;
end;
$$;
create constraint trigger ledger_lines_balanced
  after insert on ledger_lines deferrable initially deferred
  for each row execute function ledger_entry_balanced();
create constraint trigger ledger_entries_balanced
  after insert on ledger_entries deferrable initially deferred
  for each row execute function ledger_entry_balanced();

-- Append-only: nothing in the journal is changed or removed.
create function ledger_append_only() returns trigger language plpgsql as $$
begin
  raise exception '% is append-only: post a reversing entry instead', tg_table_name using errcode = '42501';
end;
$$;
create trigger ledger_lines_append_only before update or delete on ledger_lines
  for each row execute function ledger_append_only();
create trigger ledger_entries_append_only before update or delete on ledger_entries
  for each row execute function ledger_append_only();
create trigger ledger_lines_no_truncate before truncate on ledger_lines
  for each statement execute function ledger_append_only();
create trigger ledger_entries_no_truncate before truncate on ledger_entries
  for each statement execute function ledger_append_only();

-- The bank's view, kept from the imported statements: balance per account and day, and each entry.
create table ledger_bank_statements (
  statement_id text primary key,
  account_iban text not null,
  closing_balance_cents bigint,
  closing_date date,
  opening_balance_cents bigint,
  imported_at timestamptz not null
);
create index ledger_bank_statements_day_idx on ledger_bank_statements (account_iban, closing_date, imported_at);

create table ledger_bank_statement_entries (
  statement_id text not null references ledger_bank_statements (statement_id),
  entry_key text not null,
  account_iban text not null,
  direction text not null check (direction in ('credit', 'debit')),
  amount_cents bigint not null check (amount_cents >= 0),
  booking_date date not null,
  value_date date,
  reversal boolean not null,
  end_to_end_id text,
  outcome text not null,
  primary key (statement_id, entry_key)
);
create index ledger_bank_statement_entries_day_idx on ledger_bank_statement_entries (account_iban, booking_date);

-- The daily reconciliation's result per account and day.
create table ledger_reconciliation_runs (
  id bigint generated always as identity primary key,
  account_iban text not null,
  date date not null,
  book_balance_cents bigint not null,
  bank_balance_cents bigint,
  status text not null check (status in ('consistent', 'difference', 'no_statement')),
  differences jsonb not null default '[]',
  run_at timestamptz not null,
  unique (account_iban, date)
);
create index ledger_reconciliation_runs_recent_idx on ledger_reconciliation_runs (date desc, account_iban);

-- Opening entries: the books of an existing installation start complete, from each deposit's
-- per-deposit ledger (deposit_ledger). One journal entry per ledger row; a renewal's carry-over and
-- the new deposit's principal are one entry between the two deposits' accounts. Only deposits the
-- journal does not know yet are opened, so running it again books nothing twice. Returns the number
-- of entries written.
create function ledger_open_from_deposit_ledger() returns integer language plpgsql as $$
declare
  written integer;
begin
  create temporary table ledger_opening_deposits on commit drop as
  select d.id, d.bank_iban from deposits d
  where exists (select 1 from deposit_ledger l where l.deposit_id = d.id)
    and not exists (select 1 from ledger_accounts a where a.deposit_id = d.id);

  insert into ledger_accounts (address, type, bank_iban, deposit_id)
  select 'deposits:' || o.id, 'deposit', o.bank_iban, o.id from ledger_opening_deposits o;

  insert into ledger_accounts (address, type, bank_iban)
  select distinct 'banks:' || o.bank_iban || ':' || t.type, t.type, o.bank_iban
  from ledger_opening_deposits o
  cross join (values ('cash'), ('interest_expense'), ('suspense'), ('in_transit')) as t (type)
  on conflict (address) do nothing;

  create temporary table ledger_opening on commit drop as
  select 'opening:deposit_ledger:' || l.id as reference,
         'opening_' || l.kind as kind,
         l.value_date as effective_date,
         l.deposit_id,
         case l.kind
           when 'principal_received' then 'banks:' || d.bank_iban || ':cash'
           when 'interest_credited' then 'banks:' || d.bank_iban || ':interest_expense'
           else 'deposits:' || d.id
         end as debit,
         case l.kind
           when 'payout' then 'banks:' || d.bank_iban || ':cash'
           when 'carried_to_renewal' then 'deposits:' || n.id
           else 'deposits:' || d.id
         end as credit,
         l.amount_cents
  from deposit_ledger l
  join deposits d on d.id = l.deposit_id
  join ledger_opening_deposits o on o.id = d.id
  left join deposits n on n.previous_deposit_id = d.id
  where l.amount_cents > 0
    -- the renewal's principal is booked with the carry-over of the deposit before it
    and not (l.kind = 'principal_received' and l.source = 'renewal' and d.previous_deposit_id is not null)
    and not (l.kind = 'carried_to_renewal' and n.id is null);

  insert into ledger_entries (kind, reference, effective_date, deposit_id, details)
  select kind, reference, effective_date, deposit_id, '{"source": "deposit_ledger"}'::jsonb
  from ledger_opening order by effective_date, reference;
  get diagnostics written = row_count;

  insert into ledger_lines (entry_id, account, amount_cents)
  select e.id, o.debit, o.amount_cents from ledger_opening o join ledger_entries e on e.reference = o.reference
  union all
  select e.id, o.credit, -o.amount_cents from ledger_opening o join ledger_entries e on e.reference = o.reference;

  drop table ledger_opening;
  drop table ledger_opening_deposits;
  return written;
end;
$$;

select ledger_open_from_deposit_ledger();
