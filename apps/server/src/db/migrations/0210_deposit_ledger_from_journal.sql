-- The per-deposit ledger becomes a view over the journal (docs/decisions.md "The per-deposit ledger and
-- the journal"): each money movement is written once, as a journal entry, and `deposit_ledger` shows the
-- rows the deposits module, the back office and the tax statements read, derived from those entries.

-- 1. Every deposit with rows in the old table has its journal: deposits the journal does not know yet
--    are opened from their rows (migration 0170's function; deposits it knows book nothing twice).
select ledger_open_from_deposit_ledger();
drop function ledger_open_from_deposit_ledger();

-- 2. The old rows are kept, frozen, under another name. The journal is append-only, so the opening
--    entries (0170 and step 1) can never be given what only the row knew: its source, the moment it was
--    booked, the staff member who booked it and the bank statement. The view reads those facts from the
--    row of the same deposit and kind (the old table had one row per deposit and kind). Like the journal,
--    the kept rows outlive the deposits, users and statements they name (migration 0195): no foreign keys.
alter table deposit_ledger rename to deposit_ledger_before_0210;
alter table deposit_ledger_before_0210
  drop constraint if exists deposit_ledger_deposit_id_fkey,
  drop constraint if exists deposit_ledger_booked_by_fkey,
  drop constraint if exists deposit_ledger_bank_statement_id_fkey;
create function deposit_ledger_before_0210_frozen() returns trigger language plpgsql as $$
begin
  raise exception 'deposit_ledger_before_0210 is kept as it was: the journal is the books' using errcode = '42501';
end;
$$;
create trigger deposit_ledger_before_0210_frozen before insert or update or delete on deposit_ledger_before_0210
  for each row execute function deposit_ledger_before_0210_frozen();
create trigger deposit_ledger_before_0210_no_truncate before truncate on deposit_ledger_before_0210
  for each statement execute function deposit_ledger_before_0210_frozen();

-- 3. The per-deposit ledger, derived. Same columns as the table had; amounts positive, the kind says the
--    direction. `id` is the journal entry's id (a renewal's carry-over is one entry: the old deposit's
--    `carried_to_renewal` row and the new deposit's `principal_received` row share it).
create view deposit_ledger as
-- Money on a deposit's own account: received, interest credited, carried over at a renewal (the debit
-- line is the old deposit's carried_to_renewal, the credit line the new deposit's principal), and the
-- payouts the opening entries booked for rows written before the journal existed.
select m.entry_id as id,
       m.deposit_id,
       m.kind,
       m.amount_cents,
       m.value_date,
       case when m.opening then coalesce(o.source, m.source) else m.source end as source,
       coalesce(m.bank_statement_id, case when m.opening then o.bank_statement_id::text end) as bank_statement_id,
       case when m.opening then coalesce(o.booked_at, m.booked_at) else m.booked_at end as booked_at,
       coalesce(m.booked_by, o.booked_by) as booked_by
from (
  select e.id as entry_id,
         a.deposit_id,
         case
           when e.kind in ('funds_received', 'opening_principal_received') then 'principal_received'
           when e.kind in ('interest_credited', 'opening_interest_credited') then 'interest_credited'
           when l.amount_cents < 0 and e.kind in ('renewal_carry_over', 'opening_carried_to_renewal')
             then 'principal_received'
           when e.kind in ('renewal_carry_over', 'opening_carried_to_renewal') then 'carried_to_renewal'
           else 'payout'
         end as kind,
         abs(l.amount_cents) as amount_cents,
         e.effective_date as value_date,
         -- The source is what the entry says: the funding's source, the event that credited the interest
         -- (its reference), the renewal; an opening entry's comes from its row.
         case
           when e.kind = 'funds_received' then e.details ->> 'source'
           when e.kind = 'interest_credited' and e.reference like '%:closed_early:interest' then 'early_closure'
           when e.kind = 'interest_credited' then 'maturity'
           else 'renewal'
         end as source,
         e.statement_id as bank_statement_id,
         e.created_at as booked_at,
         (e.details ->> 'booked_by')::uuid as booked_by,
         left(e.kind, 8) = 'opening_' as opening
  from ledger_accounts a
  join ledger_lines l on l.account = a.address
  join ledger_entries e on e.id = l.entry_id
  where a.type = 'deposit'
    and e.kind in ('funds_received', 'interest_credited', 'renewal_carry_over', 'opening_principal_received',
                   'opening_interest_credited', 'opening_carried_to_renewal', 'opening_payout')
) m
left join deposit_ledger_before_0210 o on o.deposit_id = m.deposit_id and o.kind = m.kind
union all
-- A payout: the bank booked the order (order_booked: in transit to cash; the money left the deposit's
-- account when the order was created) and did not send it back (no order_returned for the order).
select e.id,
       e.deposit_id,
       'payout',
       l.amount_cents,
       e.effective_date,
       case e.details ->> 'source'
         when 'withdrawal_refund' then 'withdrawal'
         when 'early_closure' then 'early_closure'
         else 'maturity'
       end,
       e.statement_id,
       e.created_at,
       null::uuid
from ledger_entries e
join ledger_lines l on l.entry_id = e.id and l.amount_cents > 0
where e.kind = 'order_booked'
  and e.deposit_id is not null
  and e.details ->> 'source' <> 'credit_return'
  and not exists (
    select 1 from ledger_entries r
    where r.payment_order_id = e.payment_order_id and r.kind = 'order_returned'
  );

-- 4. On the data: for every deposit, the sum of each kind and the balance the saver sees (received plus
--    credited minus paid out minus carried over) derived from the journal equal the old table's.
--    Otherwise the migration fails and nothing of it is applied.
do $$
declare
  differing integer;
  examples text;
begin
  with before as (
    select deposit_id, kind, sum(amount_cents) as cents from deposit_ledger_before_0210 group by deposit_id, kind
  ), after as (
    select deposit_id, kind, sum(amount_cents) as cents from deposit_ledger group by deposit_id, kind
  ), per_kind as (
    select coalesce(b.deposit_id, a.deposit_id) as deposit_id, coalesce(b.kind, a.kind) as kind,
           coalesce(b.cents, 0) as before_cents, coalesce(a.cents, 0) as after_cents
    from before b full join after a on a.deposit_id = b.deposit_id and a.kind = b.kind
  ), per_deposit as (
    select deposit_id,
           sum(case when kind in ('principal_received', 'interest_credited') then before_cents else -before_cents end)
             as balance_before,
           sum(case when kind in ('principal_received', 'interest_credited') then after_cents else -after_cents end)
             as balance_after,
           string_agg(case when before_cents <> after_cents
                        then kind || ' ' || before_cents || ' -> ' || after_cents end, ', ' order by kind) as kinds
    from per_kind group by deposit_id
  ), differences as (
    select * from per_deposit where kinds is not null or balance_before <> balance_after
  )
  select count(*),
         string_agg(deposit_id || ' (' || coalesce(kinds, '') || '; balance ' || balance_before || ' -> '
                    || balance_after || ')', '; ' order by deposit_id)
           filter (where deposit_id in (select deposit_id from differences order by deposit_id limit 5))
    into differing, examples
  from differences;
  if differing > 0 then
    raise exception 'deposit_ledger derived from the journal differs from the table for % deposit(s): %',
      differing, examples using errcode = '23514';
  end if;
end;
$$;
