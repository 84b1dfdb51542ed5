-- The back office's e-mail search at a million accounts (bench/backoffice-capacity.ts): a broad term
-- (a domain, a quarter of all accounts) matches too many rows for the trigram index to help, since
-- every match is then read from the table to check it. These indexes carry the address beside the
-- list's order (overall, per KYC status, per role), so such a search walks one index alone, newest
-- first, checking each address, and its page and count come from that one walk without a sort or a
-- table read. They replace 0043's three list indexes, whose work they do (an unsearched list walks
-- them the same way). A rare term still uses the trigram index; the planner chooses by the estimated
-- number of matches.
create index users_created_id_email_idx on users (created_at desc, id desc) include (email);
drop index users_created_id_idx;
create index users_kyc_status_created_email_idx on users (kyc_status, created_at desc, id desc)
  include (email);
drop index users_kyc_status_created_idx;
create index users_role_created_email_idx on users (role, created_at desc, id desc) include (email);
drop index users_role_created_idx;
