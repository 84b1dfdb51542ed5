-- Back-office user list (GET /admin/users): newest first, optionally filtered by role or KYC status
-- and searched by e-mail substring. The (created_at, id) order matches the API's order, so a page is
-- an index walk without a sort; the filtered variants serve the role and KYC filters and the
-- pending-KYC count of the analytics.
create index users_created_id_idx on users (created_at desc, id desc);
create index users_role_created_idx on users (role, created_at desc, id desc);
create index users_kyc_status_created_idx on users (kyc_status, created_at desc, id desc);

-- A substring search ('%term%') cannot use a b-tree. Where the pg_trgm extension is available (any
-- PostgreSQL server with the contrib modules), a trigram index answers it; the embedded database
-- (PGlite) ships pg_trgm only as an extension loaded from JavaScript, so there the search scans the
-- users table, which is fine at the sizes an embedded install serves. The query is the same on both.
-- Addresses are stored lower-cased (every write goes through the e-mail schema), so the search
-- matches `email` itself: a case-folding lower(email) or ILIKE costs several times more per row.
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_trgm') then
    begin
      create extension if not exists pg_trgm;
      create index users_email_trgm_idx on users using gin (email gin_trgm_ops);
    exception when others then
      raise notice 'pg_trgm is not usable here (%); the e-mail search scans the users table', sqlerrm;
    end;
  end if;
end;
$$;
