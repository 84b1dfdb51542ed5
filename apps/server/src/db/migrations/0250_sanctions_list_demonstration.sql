-- The demonstration sanctions list (docs/decisions.md "The demonstration sanctions list") is stamped with the
-- day it is loaded (a list's age counts from its own date, migration 0240), so its content hash differs at
-- every load: whether a list is the demonstration list is a column, not a hash.
alter table sanctions_lists add column demonstration boolean not null default false;
