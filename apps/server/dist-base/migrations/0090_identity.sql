-- Identity and anti-money-laundering: personal data, the back of
-- the identity card, sanctions screening, ident-provider results, staff notes, account closure.

-- An identity card is two files: id_card (front) and id_card_back.
alter table kyc_documents drop constraint kyc_documents_document_type_check;
alter table kyc_documents add constraint kyc_documents_document_type_check
  check (document_type in ('id_card', 'id_card_back', 'passport', 'utility_bill', 'selfie'));

-- Personal data for identification, one row per saver. A KYC record: kept like the documents.
create table kyc_profiles (
  user_id uuid primary key references users (id) on delete restrict,
  date_of_birth date not null,
  place_of_birth text not null check (length(place_of_birth) between 1 and 100),
  nationality char(2) not null check (nationality ~ '^[A-Z]{2}$'),
  street text not null check (length(street) between 1 and 200),
  postcode text not null check (length(postcode) between 1 and 16),
  city text not null check (length(city) between 1 and 100),
  country char(2) not null check (country ~ '^[A-Z]{2}$'),
  tax_residency char(2) not null check (tax_residency ~ '^[A-Z]{2}$'),
  -- normalised: upper case, without spaces or separators
  tax_id text not null check (length(tax_id) between 1 and 32),
  is_pep boolean not null,
  pep_details text check (pep_details is null or length(pep_details) <= 500),
  review_status text not null default 'pending' check (review_status in ('pending', 'approved', 'rejected')),
  review_reason text check (review_reason is null or length(review_reason) <= 1000),
  reviewed_by uuid references users (id) on delete restrict,
  reviewed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (not is_pep or pep_details is not null),
  check ((review_status = 'rejected') = (review_reason is not null))
);
create index kyc_profiles_review_idx on kyc_profiles (review_status, updated_at);

-- Every version of the personal data as it was saved (who changed what when, for the dossier).
create table kyc_profile_versions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete restrict,
  data jsonb not null,
  created_at timestamptz not null default now()
);
create index kyc_profile_versions_user_idx on kyc_profile_versions (user_id, created_at);

-- A loaded sanctions list (the EU consolidated financial sanctions list), by its generation date.
create table sanctions_lists (
  id uuid primary key default gen_random_uuid(),
  source text not null default 'eu_fsf',
  version text not null,
  sha256 text not null check (length(sha256) = 64),
  entry_count integer not null,
  name_count integer not null,
  loaded_by uuid not null references users (id) on delete restrict,
  loaded_at timestamptz not null default now(),
  unique (source, sha256)
);
create index sanctions_lists_loaded_idx on sanctions_lists (loaded_at desc);

-- Listed persons of one list version with their names and dates of birth (as published).
create table sanctions_entries (
  id uuid primary key default gen_random_uuid(),
  list_id uuid not null references sanctions_lists (id) on delete cascade,
  reference text not null,
  names jsonb not null,
  birthdates jsonb not null
);
create index sanctions_entries_list_idx on sanctions_entries (list_id);

-- One screening of one saver against one list version: what was screened, with which list, why.
create table sanctions_screenings (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete restrict,
  list_id uuid not null references sanctions_lists (id) on delete restrict,
  trigger text not null check (trigger in ('profile', 'verification', 'list_load')),
  screened_name text not null,
  screened_date_of_birth date,
  hit_count integer not null,
  created_at timestamptz not null default now()
);
create index sanctions_screenings_user_idx on sanctions_screenings (user_id, created_at desc);

-- A possible match for staff review; a confirmed one blocks approvals.
create table sanctions_hits (
  id uuid primary key default gen_random_uuid(),
  screening_id uuid not null references sanctions_screenings (id) on delete restrict,
  user_id uuid not null references users (id) on delete restrict,
  entry_id uuid not null references sanctions_entries (id) on delete restrict,
  entry_reference text not null,
  screened_name text not null,
  matched_name text not null,
  score numeric(4, 3) not null,
  date_of_birth_match boolean,
  status text not null default 'open' check (status in ('open', 'cleared', 'confirmed')),
  reason text check (reason is null or length(reason) <= 1000),
  decided_by uuid references users (id) on delete restrict,
  decided_at timestamptz,
  created_at timestamptz not null default now(),
  check ((status = 'open') = (decided_at is null)),
  unique (user_id, entry_id, screened_name)
);
create index sanctions_hits_status_idx on sanctions_hits (status, created_at);
create index sanctions_hits_user_idx on sanctions_hits (user_id, status);

-- Identifications started with a provider (video-ident, eID) and the signed results it posted.
create table ident_sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete restrict,
  provider text not null,
  created_at timestamptz not null default now()
);
create index ident_sessions_user_idx on ident_sessions (user_id);

create table ident_verifications (
  id uuid primary key default gen_random_uuid(),
  session_id uuid not null references ident_sessions (id) on delete restrict,
  user_id uuid not null references users (id) on delete restrict,
  provider text not null,
  method text not null check (method in ('manual', 'video_ident', 'eid')),
  provider_reference text not null,
  result text not null check (result in ('verified', 'failed')),
  first_name text,
  last_name text,
  date_of_birth date,
  payload jsonb not null,
  created_at timestamptz not null default now(),
  -- a provider's result is stored once, however often it is posted
  unique (provider, provider_reference)
);
create index ident_verifications_user_idx on ident_verifications (user_id, created_at);

-- Notes staff keep about a saver; never shown to the saver.
create table staff_notes (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete restrict,
  author_id uuid not null references users (id) on delete restrict,
  text text not null check (length(text) between 1 and 4000),
  created_at timestamptz not null default now()
);
create index staff_notes_user_idx on staff_notes (user_id, created_at);

-- Account closure: records the law requires are kept until erase_after, then deleted by a job.
alter table users add column closed_at timestamptz;
alter table users add column erase_after timestamptz;
create index users_erase_after_idx on users (erase_after) where erase_after is not null;
