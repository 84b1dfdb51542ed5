-- Back-office reads over a million applications (measured by bench/backoffice-capacity.ts).

-- Applications per status and the approved principal: an index-only scan of this narrow index
-- instead of reading the wide table.
create index applications_status_amount_idx on applications (status) include (amount);

-- Active investors (accounts with an approved application): the distinct accounts come in order
-- from this partial index, without a sort.
create index applications_approved_user_idx on applications (user_id)
  where status = 'approved' and user_id is not null;

-- The admin list orders by (created_at, id) so that pages never overlap; with the id in the index a
-- page is an index walk instead of a sort of every matching application. These replace the
-- (status, created_at) and (created_at) indexes of 0020, which they cover.
create index applications_status_created_id_idx on applications (status, created_at desc, id desc);
create index applications_created_id_idx on applications (created_at desc, id desc);
drop index applications_status_created_idx;
drop index applications_created_idx;
