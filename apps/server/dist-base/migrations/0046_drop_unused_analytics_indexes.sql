-- The per-status figures and active investors now come from the running totals of 0045, so the two
-- indexes 0044 added for counting them are no longer read; dropping them saves their upkeep on every
-- write to applications. (Migrations are forward-only: 0044 stays as it was applied.)
drop index if exists applications_status_amount_idx;
drop index if exists applications_approved_user_idx;
