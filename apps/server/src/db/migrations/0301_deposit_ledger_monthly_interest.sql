-- The per-deposit ledger of migration 0210, taught the monthly interest (docs/decisions.md "Monthly
-- interest"): a monthly payment's interest credit and its booked payout carry the source
-- `monthly_interest`, and interest taken back at an early closure (a debit on the deposit's own account in
-- an interest entry) shows as money that left the deposit. Nothing else changes; no entry exists yet that
-- either rule applies to, so no balance changes.
create or replace view deposit_ledger as
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
           -- interest taken back (an early closure under no_interest of a deposit that paid monthly): a debit
           -- on the deposit's account, shown as money that left it
           when e.kind = 'interest_credited' and l.amount_cents > 0 then 'payout'
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
           when e.kind = 'interest_credited' and e.reference like '%:monthly_interest:%' then 'monthly_interest'
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
         when 'monthly_interest' then 'monthly_interest'
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
