-- The books and the payment orders are records the operator keeps for as long as commercial and tax law
-- require, longer than the customer records they name: the journal names a deposit by its id without
-- a foreign key (an erased or test-truncated deposit leaves its entries, which are append-only, as they
-- are), and a payment order keeps its figures when the account it was for is deleted
-- (docs/decisions.md "The books outlive the records they name").
alter table ledger_accounts drop constraint ledger_accounts_deposit_id_fkey;
alter table ledger_entries drop constraint ledger_entries_deposit_id_fkey;
alter table payment_orders drop constraint payment_orders_user_id_fkey;
alter table payment_orders add constraint payment_orders_user_id_fkey
  foreign key (user_id) references users (id) on delete set null;
