-- Identity verification (KYC) documents and their review trail.
-- Rows are never deleted: a rejected document stays when a new one of the same type is uploaded, and
-- the KYC record of a user outlives the business relationship (AML record keeping), hence "restrict".
create table kyc_documents (
  id uuid primary key,
  -- order of uploads per user and type; the newest row of a type is the current one
  seq bigint generated always as identity,
  user_id uuid not null references users (id) on delete restrict,
  document_type text not null check (document_type in ('id_card', 'passport', 'utility_bill', 'selfie')),
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  -- where the encrypted file lives in the document storage; made by the server, never from the upload
  storage_key text not null unique,
  -- decided from the file's magic bytes
  content_type text not null check (content_type in ('image/jpeg', 'image/png', 'application/pdf')),
  size_bytes integer not null check (size_bytes > 0 and size_bytes <= 5242880),
  -- SHA-256 of the plaintext, hex, so a file's integrity can be shown later
  sha256 text not null check (length(sha256) = 64),
  -- the name the browser sent, cleaned of paths and control characters; display only
  original_name text,
  rejection_code text
    check (rejection_code in ('blurry', 'expired', 'name_mismatch', 'too_old', 'incomplete', 'other')),
  rejection_reason text,
  reviewed_by uuid references users (id) on delete restrict,
  reviewed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (status <> 'pending' or reviewed_at is null),
  check (status = 'pending' or (reviewed_at is not null and reviewed_by is not null)),
  check (status = 'rejected' or (rejection_code is null and rejection_reason is null)),
  check (status <> 'rejected' or rejection_code is not null or rejection_reason is not null)
);

-- At most one pending or approved document per user and type, whatever races the application loses.
create unique index kyc_documents_active_key on kyc_documents (user_id, document_type)
  where status in ('pending', 'approved');
create index kyc_documents_user_type_idx on kyc_documents (user_id, document_type, seq);
-- the review queue: oldest first within a status
create index kyc_documents_status_created_idx on kyc_documents (status, created_at, seq);

-- Audit trail: every file view and every decision by staff (who, when, what, why).
create table kyc_reviews (
  id uuid primary key default gen_random_uuid(),
  document_id uuid not null references kyc_documents (id) on delete restrict,
  actor_id uuid not null references users (id) on delete restrict,
  action text not null check (action in ('view_file', 'approve', 'reject', 'request_new_upload')),
  reason_code text
    check (reason_code in ('blurry', 'expired', 'name_mismatch', 'too_old', 'incomplete', 'other')),
  reason text,
  ip text,
  created_at timestamptz not null default now()
);
create index kyc_reviews_document_idx on kyc_reviews (document_id, created_at);
create index kyc_reviews_actor_idx on kyc_reviews (actor_id, created_at);
