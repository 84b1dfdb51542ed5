-- Tells every server process which user's sessions to forget from its session cache
-- (lib/session-cache.ts): a notification on channel session_cache carrying the user id,
-- sent when the transaction commits. The conditions match db/session-writes.ts, which does the same
-- within the writing process at once.
create or replace function session_cache_notify() returns trigger
language plpgsql as $$
declare
  target text;
begin
  if tg_table_name = 'users' then
    if tg_op = 'DELETE' then target := old.id::text; else target := new.id::text; end if;
  else
    if tg_op = 'DELETE' then target := old.user_id::text; else target := new.user_id::text; end if;
  end if;
  perform pg_notify('session_cache', target);
  return null;
end;
$$;

create trigger users_session_cache_update after update on users for each row
  when (old.email is distinct from new.email
     or old.full_name is distinct from new.full_name
     or old.role is distinct from new.role
     or old.kyc_status is distinct from new.kyc_status
     or old.locked_at is distinct from new.locked_at
     or old.created_at is distinct from new.created_at)
  execute function session_cache_notify();
create trigger users_session_cache_delete after delete on users for each row
  execute function session_cache_notify();

-- Extending the idle expiry (a use) only lengthens a session, so it is not told.
create trigger sessions_session_cache_update after update on sessions for each row
  when (old.revoked_at is distinct from new.revoked_at
     or old.expires_at is distinct from new.expires_at
     or new.idle_expires_at < old.idle_expires_at
     or old.token_hash is distinct from new.token_hash
     or old.user_id is distinct from new.user_id)
  execute function session_cache_notify();
create trigger sessions_session_cache_delete after delete on sessions for each row
  execute function session_cache_notify();

create trigger user_totp_session_cache after insert or update or delete on user_totp for each row
  execute function session_cache_notify();
