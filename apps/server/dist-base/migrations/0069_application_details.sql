-- An application may arrive with only the original fields (name, e-mail, phone, amount, package,
-- message): it is stored as pending and lists the missing details (reference IBAN, maturity
-- instruction, acknowledgement of the depositor information sheet), which the saver completes on the
-- dashboard. Only a complete application can be approved (docs/decisions.md "Applications with only
-- the original fields").
alter table applications
  alter column reference_iban drop not null,
  alter column maturity_instruction drop not null,
  alter column info_sheet_acknowledged_at drop not null,
  add constraint applications_complete_unless_pending check (
    status in ('pending', 'rejected')
    or (reference_iban is not null and maturity_instruction is not null and info_sheet_acknowledged_at is not null)
  );
