-- A registration with an address that already has an account opens a shadow account: a real account
-- holding what the person typed, which works like a new one (its token signs in, its pages fill), but
-- whose address is never its own. It is outside the address's unique index, is never found by the
-- address (sign-in checks it only after the owner's password failed), and no e-mail ever goes to it at
-- that address: the owner of the address is told instead (docs/decisions.md "Registration answers the
-- same for a known address").
alter table users add column registration_shadow boolean not null default false;

drop index users_email_key;
create unique index users_email_key on users (lower(email)) where not registration_shadow;
create index users_registration_shadow_idx on users (lower(email), created_at desc) where registration_shadow;

-- The one place every e-mail passes: a row for a shadow account, to its own address (or to no address,
-- which means the account's), is never queued. A link to a new address it asked for still goes there.
create function email_outbox_skip_registration_shadow() returns trigger language plpgsql as $$
begin
  if new.user_id is not null and exists (
    select 1 from users u
    where u.id = new.user_id and u.registration_shadow
      and (new.to_address is null or lower(new.to_address) = lower(u.email))
  ) then
    return null;
  end if;
  return new;
end
$$;

create trigger email_outbox_skip_registration_shadow before insert on email_outbox
  for each row execute function email_outbox_skip_registration_shadow();
