-- One money type: every amount the database keeps is integer cents in a bigint (docs/decisions.md "One money
-- type: integer cents from the contract's edge to the database"). Deposits, the ledger, the journal, payment
-- orders and banks already were; an application's amount, a package's limits and the running totals of
-- applications per status were euros in numeric(14,2) / numeric(20,2). Each is converted exactly
-- (a numeric with two decimals times 100 is a whole number) in place, so the table is rewritten once and no
-- row trigger fires; every check keeps its meaning on the new unit.

-- Applications: the principal applied for.
alter table applications drop constraint applications_amount_check;
alter table applications alter column amount type bigint using (amount * 100)::bigint;
alter table applications rename column amount to amount_cents;
alter table applications add constraint applications_amount_cents_check check (amount_cents > 0);

-- Packages: the smallest and largest principal, and the dropped package-level partner bank account: a
-- package's deposits are paid into its bank's receiving account (banks, migration 0180).
alter table packages drop constraint packages_min_amount_check;
alter table packages drop constraint packages_check;
alter table packages
  alter column min_amount type bigint using (min_amount * 100)::bigint,
  alter column max_amount type bigint using (max_amount * 100)::bigint;
alter table packages rename column min_amount to min_amount_cents;
alter table packages rename column max_amount to max_amount_cents;
alter table packages add constraint packages_min_amount_cents_check check (min_amount_cents > 0);
alter table packages add constraint packages_max_amount_cents_check check (max_amount_cents >= min_amount_cents);
alter table packages
  drop constraint if exists packages_partner_bank_complete,
  drop column partner_bank_holder,
  drop column partner_bank_iban,
  drop column partner_bank_bic,
  drop column partner_bank_name;

-- The running totals per status (migration 0045) and the functions of its statement triggers, which now
-- sum cents. The triggers themselves name the functions and stay.
alter table application_status_totals alter column amount type bigint using (amount * 100)::bigint;
alter table application_status_totals rename column amount to amount_cents;

create or replace function application_totals_after_insert() returns trigger language plpgsql as $$
begin
  insert into application_status_totals as t (status, slot, applications, amount_cents)
  select status, floor(random() * 8)::smallint, count(*), sum(amount_cents)
  from new_rows group by status order by status
  on conflict (status, slot) do update
    set applications = t.applications + excluded.applications,
        amount_cents = t.amount_cents + excluded.amount_cents;
  insert into investor_approved_applications as t (user_id, approved)
  select user_id, count(*) from new_rows
  where status = 'approved' and user_id is not null
  group by user_id order by user_id
  on conflict (user_id) do update set approved = t.approved + excluded.approved;
  return null;
end;
$$;

create or replace function application_totals_after_delete() returns trigger language plpgsql as $$
begin
  insert into application_status_totals as t (status, slot, applications, amount_cents)
  select status, floor(random() * 8)::smallint, -count(*), -sum(amount_cents)
  from old_rows group by status order by status
  on conflict (status, slot) do update
    set applications = t.applications + excluded.applications,
        amount_cents = t.amount_cents + excluded.amount_cents;
  insert into investor_approved_applications as t (user_id, approved)
  select user_id, -count(*) from old_rows
  where status = 'approved' and user_id is not null
  group by user_id order by user_id
  on conflict (user_id) do update set approved = t.approved + excluded.approved;
  return null;
end;
$$;

create or replace function application_totals_after_update() returns trigger language plpgsql as $$
begin
  insert into application_status_totals as t (status, slot, applications, amount_cents)
  select status, floor(random() * 8)::smallint, sum(n), sum(amount_cents)
  from (
    select status, -1 as n, -amount_cents as amount_cents from old_rows
    union all
    select status, 1, amount_cents from new_rows
  ) d
  group by status
  having sum(n) <> 0 or sum(amount_cents) <> 0
  order by status
  on conflict (status, slot) do update
    set applications = t.applications + excluded.applications,
        amount_cents = t.amount_cents + excluded.amount_cents;
  insert into investor_approved_applications as t (user_id, approved)
  select user_id, sum(n)
  from (
    select user_id, -1 as n from old_rows where status = 'approved' and user_id is not null
    union all
    select user_id, 1 from new_rows where status = 'approved' and user_id is not null
  ) d
  group by user_id
  having sum(n) <> 0
  order by user_id
  on conflict (user_id) do update set approved = t.approved + excluded.approved;
  return null;
end;
$$;
