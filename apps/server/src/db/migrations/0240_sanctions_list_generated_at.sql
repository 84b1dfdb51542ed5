-- The list's own date (its generationDate): an approval's age check reckons from it, never from the upload
-- (docs/decisions.md "Approval needs a current list"). Lists loaded before: their version when it is an
-- ISO timestamp, as the EU publishes it, else the time they were loaded.
alter table sanctions_lists add column generated_at timestamptz;
update sanctions_lists
  set generated_at = case
    when version ~ '^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$' then version::timestamptz
    else loaded_at
  end;
alter table sanctions_lists alter column generated_at set not null;
alter table sanctions_lists alter column generated_at set default now();
