-- A saver may ask for a statement of holdings on any day: a postbox document computed from the
-- journal (docs/decisions.md "Statement of holdings").
alter table postbox_documents drop constraint postbox_documents_kind_check;
alter table postbox_documents add constraint postbox_documents_kind_check check (kind in (
  'application_confirmation', 'approval', 'withdrawal_receipt', 'funding_confirmation', 'maturity_statement',
  'closure_statement', 'holdings_statement'
));
