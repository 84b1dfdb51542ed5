-- Orders that cannot block and four eyes on where money goes (docs/decisions.md "Held payment orders",
-- "Four eyes on where a payout goes"): an order a job made that the bank's file could not carry waits as
-- `held` with its reason; a re-order after a return, or a payout corrected to another IBAN, waits as
-- `awaiting_release` until a second staff member releases it. Only `ordered` orders go into files.
alter table payment_orders drop constraint if exists payment_orders_status_check;
alter table payment_orders add constraint payment_orders_status_check check (status in (
  'held', 'awaiting_release', 'ordered', 'submitted', 'booked', 'returned', 'cancelled'
));
alter table payment_orders
  add column hold_reason text,
  -- the staff member who asked for the release (created the re-order, or corrected a held order)
  add column requested_by uuid references users (id) on delete set null,
  add column released_by uuid references users (id) on delete set null,
  add column released_at timestamptz,
  -- a held order corrected to another IBAN: the IBAN it had, for the saver's message on release
  add column previous_creditor_iban text,
  add constraint payment_orders_held_has_reason check (status <> 'held' or hold_reason is not null),
  add constraint payment_orders_four_eyes check (released_by is null or released_by is distinct from requested_by);
create index payment_orders_waiting_idx on payment_orders (status, created_at)
  where status in ('held', 'awaiting_release');
