-- Running totals for the back office at a million accounts and ten million applications
-- (bench/backoffice-capacity.ts): the analytics counted customers, pending KYC checks and the last
-- twelve months' sign-ups and applications on every request, and the user list counted every account
-- for its X-Total-Count; each read grows with the data. As in 0045, the database keeps these figures
-- itself, in the same transaction as every change, by statement triggers (one INSERT of many rows
-- updates them once; no code path can forget them). A test compares them with live counts.

-- Accounts per role and KYC status: every unsearched count of the user list (no filter, a role, a KYC
-- status or both) and the analytics' customers and pending KYC checks are sums of a few rows. Each
-- pair is spread over slots so that concurrent sign-ups do not queue behind one row lock.
create table user_totals (
  role text not null,
  kyc_status text not null,
  slot smallint not null,
  users bigint not null,
  primary key (role, kyc_status, slot)
);

-- New customer accounts (role 'user') and new applications per hour, by UTC hour. A calendar month in
-- the business time zone (Europe/Berlin, always a whole number of hours from UTC) is a range of whole
-- UTC hours, so a month's figure is the sum of its hours, exact, whatever the zone's daylight saving
-- does; twelve months are at most 8,760 hours (times the slots in use).
create table user_signup_hours (
  hour timestamptz not null,
  slot smallint not null,
  users bigint not null,
  primary key (hour, slot)
);
create table application_hours (
  hour timestamptz not null,
  slot smallint not null,
  applications bigint not null,
  primary key (hour, slot)
);

-- Rows a statement removed count negatively, rows it added positively; groups whose change nets to
-- zero are not written (an UPDATE of other columns writes nothing). The upserts run in key order, so
-- two statements never wait for each other in opposite orders.
create function user_totals_after_insert() returns trigger language plpgsql as $$
begin
  insert into user_totals as t (role, kyc_status, slot, users)
  select role, kyc_status, floor(random() * 8)::smallint, count(*)
  from new_rows group by role, kyc_status order by role, kyc_status
  on conflict (role, kyc_status, slot) do update set users = t.users + excluded.users;
  insert into user_signup_hours as t (hour, slot, users)
  select date_trunc('hour', created_at, 'UTC'), floor(random() * 4)::smallint, count(*)
  from new_rows where role = 'user' group by 1 order by 1
  on conflict (hour, slot) do update set users = t.users + excluded.users;
  return null;
end;
$$;

create function user_totals_after_delete() returns trigger language plpgsql as $$
begin
  insert into user_totals as t (role, kyc_status, slot, users)
  select role, kyc_status, floor(random() * 8)::smallint, -count(*)
  from old_rows group by role, kyc_status order by role, kyc_status
  on conflict (role, kyc_status, slot) do update set users = t.users + excluded.users;
  insert into user_signup_hours as t (hour, slot, users)
  select date_trunc('hour', created_at, 'UTC'), floor(random() * 4)::smallint, -count(*)
  from old_rows where role = 'user' group by 1 order by 1
  on conflict (hour, slot) do update set users = t.users + excluded.users;
  return null;
end;
$$;

create function user_totals_after_update() returns trigger language plpgsql as $$
begin
  insert into user_totals as t (role, kyc_status, slot, users)
  select role, kyc_status, floor(random() * 8)::smallint, sum(n)
  from (
    select role, kyc_status, -1 as n from old_rows
    union all
    select role, kyc_status, 1 from new_rows
  ) d
  group by role, kyc_status
  having sum(n) <> 0
  order by role, kyc_status
  on conflict (role, kyc_status, slot) do update set users = t.users + excluded.users;
  insert into user_signup_hours as t (hour, slot, users)
  select hour, floor(random() * 4)::smallint, sum(n)
  from (
    select date_trunc('hour', created_at, 'UTC') as hour, -1 as n from old_rows where role = 'user'
    union all
    select date_trunc('hour', created_at, 'UTC'), 1 from new_rows where role = 'user'
  ) d
  group by hour
  having sum(n) <> 0
  order by hour
  on conflict (hour, slot) do update set users = t.users + excluded.users;
  return null;
end;
$$;

create function user_totals_after_truncate() returns trigger language plpgsql as $$
begin
  delete from user_totals;
  delete from user_signup_hours;
  return null;
end;
$$;

create trigger user_totals_insert after insert on users
  referencing new table as new_rows for each statement execute function user_totals_after_insert();
create trigger user_totals_update after update on users
  referencing old table as old_rows new table as new_rows
  for each statement execute function user_totals_after_update();
create trigger user_totals_delete after delete on users
  referencing old table as old_rows for each statement execute function user_totals_after_delete();
create trigger user_totals_truncate after truncate on users
  for each statement execute function user_totals_after_truncate();

create function application_hours_after_insert() returns trigger language plpgsql as $$
begin
  insert into application_hours as t (hour, slot, applications)
  select date_trunc('hour', created_at, 'UTC'), floor(random() * 4)::smallint, count(*)
  from new_rows group by 1 order by 1
  on conflict (hour, slot) do update set applications = t.applications + excluded.applications;
  return null;
end;
$$;

create function application_hours_after_delete() returns trigger language plpgsql as $$
begin
  insert into application_hours as t (hour, slot, applications)
  select date_trunc('hour', created_at, 'UTC'), floor(random() * 4)::smallint, -count(*)
  from old_rows group by 1 order by 1
  on conflict (hour, slot) do update set applications = t.applications + excluded.applications;
  return null;
end;
$$;

create function application_hours_after_update() returns trigger language plpgsql as $$
begin
  insert into application_hours as t (hour, slot, applications)
  select hour, floor(random() * 4)::smallint, sum(n)
  from (
    select date_trunc('hour', created_at, 'UTC') as hour, -1 as n from old_rows
    union all
    select date_trunc('hour', created_at, 'UTC'), 1 from new_rows
  ) d
  group by hour
  having sum(n) <> 0
  order by hour
  on conflict (hour, slot) do update set applications = t.applications + excluded.applications;
  return null;
end;
$$;

create function application_hours_after_truncate() returns trigger language plpgsql as $$
begin
  delete from application_hours;
  return null;
end;
$$;

create trigger application_hours_insert after insert on applications
  referencing new table as new_rows for each statement execute function application_hours_after_insert();
create trigger application_hours_update after update on applications
  referencing old table as old_rows new table as new_rows
  for each statement execute function application_hours_after_update();
create trigger application_hours_delete after delete on applications
  referencing old table as old_rows for each statement execute function application_hours_after_delete();
create trigger application_hours_truncate after truncate on applications
  for each statement execute function application_hours_after_truncate();

-- The figures of the accounts and applications that already exist.
insert into user_totals (role, kyc_status, slot, users)
select role, kyc_status, 0, count(*) from users group by role, kyc_status;
insert into user_signup_hours (hour, slot, users)
select date_trunc('hour', created_at, 'UTC'), 0, count(*) from users where role = 'user' group by 1;
insert into application_hours (hour, slot, applications)
select date_trunc('hour', created_at, 'UTC'), 0, count(*) from applications group by 1;
