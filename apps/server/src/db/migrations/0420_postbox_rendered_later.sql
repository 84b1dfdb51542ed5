-- A statement issued by a maturity batch is recorded with the text and figures it prints (`content`)
-- and rendered to PDF when it is first downloaded or exported, then kept like every other document
-- (docs/decisions.md "Maturity at scale: the messages in the batch, the PDF on first download").
-- Until then it has no file: storage_key, size_bytes and sha256 are set once, together, from null.
alter table postbox_documents alter column storage_key drop not null;
alter table postbox_documents alter column size_bytes drop not null;
alter table postbox_documents alter column sha256 drop not null;
alter table postbox_documents add column content jsonb;
alter table postbox_documents add constraint postbox_documents_file_or_content check (
  (storage_key is null) = (size_bytes is null) and (storage_key is null) = (sha256 is null)
  and (storage_key is not null or content is not null)
);

create or replace function postbox_documents_immutable() returns trigger language plpgsql as $$
begin
  if new.id is distinct from old.id or new.user_id is distinct from old.user_id or new.kind is distinct from old.kind
     or new.title is distinct from old.title or new.language is distinct from old.language
     or new.event_key is distinct from old.event_key or new.content is distinct from old.content
     or (old.storage_key is not null and (new.storage_key is distinct from old.storage_key
       or new.size_bytes is distinct from old.size_bytes or new.sha256 is distinct from old.sha256))
     or new.created_at is distinct from old.created_at
     or (old.read_at is not null and new.read_at is distinct from old.read_at) then
    raise exception 'postbox documents are not changed after issue';
  end if;
  return new;
end $$;
