-- Running totals for the back office's analytics (bench/backoffice-capacity.ts): counting and summing
-- a million applications on every request takes longer than an admin should wait, so the database
-- keeps these figures itself, in the same transaction as every change to an application. No
-- application code writes these tables; statement triggers on `applications` do, so no code path can
-- forget them, and one INSERT of many rows updates them once. A test compares them with a live count.

-- Applications and principal per status. Each status is spread over a few rows (slots) so that
-- concurrent inserts do not queue behind one row lock; a figure is the sum over its slots.
create table application_status_totals (
  status text not null,
  slot smallint not null,
  applications bigint not null,
  amount numeric(20, 2) not null,
  primary key (status, slot)
);

-- Approved applications per account: an account with a positive count is an active investor.
create table investor_approved_applications (
  user_id uuid primary key,
  approved bigint not null
);

-- Rows a statement removed count negatively, rows it added positively. The upserts run in key
-- order, so two statements never wait for each other in opposite orders.
create function application_totals_after_insert() returns trigger language plpgsql as $$
begin
  insert into application_status_totals as t (status, slot, applications, amount)
  select status, floor(random() * 8)::smallint, count(*), sum(amount)
  from new_rows group by status order by status
  on conflict (status, slot) do update
    set applications = t.applications + excluded.applications, amount = t.amount + excluded.amount;
  insert into investor_approved_applications as t (user_id, approved)
  select user_id, count(*) from new_rows
  where status = 'approved' and user_id is not null
  group by user_id order by user_id
  on conflict (user_id) do update set approved = t.approved + excluded.approved;
  return null;
end;
$$;

create function application_totals_after_delete() returns trigger language plpgsql as $$
begin
  insert into application_status_totals as t (status, slot, applications, amount)
  select status, floor(random() * 8)::smallint, -count(*), -sum(amount)
  from old_rows group by status order by status
  on conflict (status, slot) do update
    set applications = t.applications + excluded.applications, amount = t.amount + excluded.amount;
  insert into investor_approved_applications as t (user_id, approved)
  select user_id, -count(*) from old_rows
  where status = 'approved' and user_id is not null
  group by user_id order by user_id
  on conflict (user_id) do update set approved = t.approved + excluded.approved;
  return null;
end;
$$;

create function application_totals_after_update() returns trigger language plpgsql as $$
begin
  insert into application_status_totals as t (status, slot, applications, amount)
  select status, floor(random() * 8)::smallint, sum(n), sum(amount)
  from (
    select status, -1 as n, -amount as amount from old_rows
    union all
    select status, 1, amount from new_rows
  ) d
  group by status
  having sum(n) <> 0 or sum(amount) <> 0
  order by status
  on conflict (status, slot) do update
    set applications = t.applications + excluded.applications, amount = t.amount + excluded.amount;
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

create trigger application_totals_insert after insert on applications
  referencing new table as new_rows for each statement execute function application_totals_after_insert();
create trigger application_totals_update after update on applications
  referencing old table as old_rows new table as new_rows
  for each statement execute function application_totals_after_update();
create trigger application_totals_delete after delete on applications
  referencing old table as old_rows for each statement execute function application_totals_after_delete();

create function application_totals_after_truncate() returns trigger language plpgsql as $$
begin
  delete from application_status_totals;
  delete from investor_approved_applications;
  return null;
end;
$$;
create trigger application_totals_truncate after truncate on applications
  for each statement execute function application_totals_after_truncate();

-- The figures of the applications that already exist.
insert into application_status_totals (status, slot, applications, amount)
select status, 0, count(*), sum(amount) from applications group by status;
insert into investor_approved_applications (user_id, approved)
select user_id, count(*) from applications
where status = 'approved' and user_id is not null group by user_id;
