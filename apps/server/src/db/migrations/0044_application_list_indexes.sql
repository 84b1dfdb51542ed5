-- Back-office reads over a million applications (measured by bench/backoffice-capacity.ts).
-- The admin list orders by (created_at, id) so that pages never overlap; with the id in the index a
-- page is an index walk instead of a sort of every matching application, and the monthly trends
-- count ranges of created_at from the same index. These replace the (status, created_at) and
-- (created_at) indexes of 0020, which they cover.
create index applications_status_created_id_idx on applications (status, created_at desc, id desc);
create index applications_created_id_idx on applications (created_at desc, id desc);
drop index applications_status_created_idx;
drop index applications_created_idx;
