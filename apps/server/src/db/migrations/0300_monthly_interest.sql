-- Packages that pay interest monthly (docs/decisions.md "A deposit's plan", "Monthly interest"): a package
-- says when it pays interest, a deposit copies that at creation (a later package change does not alter a
-- running deposit), and each monthly payment is recorded once per deposit and month: the primary key makes
-- a second run of the job, a catch-up after the clock jumped, or a second process order nothing twice.
alter table packages
  add column interest_payout text not null default 'at_maturity'
    check (interest_payout in ('at_maturity', 'monthly'));
alter table deposits
  add column interest_payout text not null default 'at_maturity'
    check (interest_payout in ('at_maturity', 'monthly'));

alter table payment_orders drop constraint if exists payment_orders_source_check;
alter table payment_orders add constraint payment_orders_source_check check (source in (
  'maturity_payout', 'renewal_interest', 'monthly_interest', 'withdrawal_refund', 'early_closure', 'credit_return'
));

create table deposit_interest_payments (
  deposit_id uuid not null references deposits (id),
  -- the month of the term the payment closes (1 .. term), and its due date (the plan's)
  month integer not null check (month > 0),
  due_date date not null,
  amount_cents bigint not null check (amount_cents >= 0),
  -- the order that pays it; null for a month whose share rounds to nothing
  payment_order_id uuid references payment_orders (id),
  created_at timestamptz not null,
  primary key (deposit_id, month)
);
