-- A change of the account's e-mail address waits for a link sent to the new address: its token is an
-- account token of purpose 'email_change' whose `email` is the new address (docs/decisions.md "An
-- e-mail change happens when the new address confirms it").
alter table account_tokens drop constraint account_tokens_purpose_check;
alter table account_tokens add constraint account_tokens_purpose_check
  check (purpose in ('password_reset', 'email_verification', 'email_change'));
