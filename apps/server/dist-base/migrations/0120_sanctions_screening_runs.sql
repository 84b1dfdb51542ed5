-- Screening that holds: when a list was last confirmed current, background screening runs with their
-- progress, and the names screened besides the typed one (docs/decisions.md, "Screening every name
-- that identifies the saver" and "A list screens everyone in the background").

-- When the operator last loaded this list (a first load, or the same file again: still current).
alter table sanctions_lists add column checked_at timestamptz;
update sanctions_lists set checked_at = loaded_at;
alter table sanctions_lists alter column checked_at set not null;
alter table sanctions_lists alter column checked_at set default now();
create index sanctions_lists_checked_idx on sanctions_lists (checked_at desc);

-- One screening of every saver against a list, batch by batch in the job queue; `cursor` is the last
-- saver screened (savers are taken in id order), so a run interrupted by a restart goes on from there.
create table sanctions_screening_runs (
  id uuid primary key default gen_random_uuid(),
  list_id uuid not null references sanctions_lists (id) on delete cascade,
  started_by uuid not null references users (id) on delete restrict,
  started_at timestamptz not null default now(),
  status text not null default 'running' check (status in ('running', 'done', 'superseded')),
  total integer not null,
  screened integer not null default 0,
  new_hits integer not null default 0,
  cursor uuid,
  finished_at timestamptz
);
create index sanctions_screening_runs_list_idx on sanctions_screening_runs (list_id, started_at desc);

-- A screening of a changed account name and of a name an ident provider verified.
alter table sanctions_screenings drop constraint if exists sanctions_screenings_trigger_check;
alter table sanctions_screenings add constraint sanctions_screenings_trigger_check
  check (trigger in ('profile', 'verification', 'list_load', 'name_change', 'ident', 'approval'));
-- Which saver was screened against which list: the approval check reads it per saver.
create index if not exists sanctions_screenings_user_list_idx on sanctions_screenings (user_id, list_id);
