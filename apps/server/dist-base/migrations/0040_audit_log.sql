-- Audit trail of every admin action (decisions and reviews leave a trail).
-- Append-only: the actor is kept by id and by the e-mail address at the time, without a foreign key,
-- so the entry survives any later change to the account; a trigger refuses updates and deletes.
create table audit_log (
  id bigint generated always as identity primary key,
  actor_id uuid,
  actor_email text not null,
  action text not null,
  target_type text not null,
  target_id text,
  details jsonb not null default '{}',
  created_at timestamptz not null default now()
);
create index audit_log_created_idx on audit_log (created_at desc, id desc);
create index audit_log_action_created_idx on audit_log (action, created_at desc, id desc);

create function audit_log_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'audit_log is append-only';
end;
$$;
create trigger audit_log_append_only
  before update or delete on audit_log
  for each row execute function audit_log_append_only();
