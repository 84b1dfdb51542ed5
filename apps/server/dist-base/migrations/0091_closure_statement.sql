-- A deposit closed before maturity gets its own statement in the postbox (docs/decisions.md "Early
-- closure").
alter table postbox_documents drop constraint postbox_documents_kind_check;
alter table postbox_documents add constraint postbox_documents_kind_check check (kind in (
  'application_confirmation', 'approval', 'withdrawal_receipt', 'funding_confirmation', 'maturity_statement',
  'closure_statement'
));
