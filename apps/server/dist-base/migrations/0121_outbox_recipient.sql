-- E-mails to an address without an account are counted per address and day (docs/decisions.md,
-- "Branded mail to unconfirmed addresses").
create index email_outbox_address_idx on email_outbox (lower(to_address), created_at)
  where user_id is null and to_address is not null;
