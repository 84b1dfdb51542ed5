/**
 * The bank that holds a deposit, for the interest statement: the partner bank whose receiving account
 * the deposit stored at approval (its name and country), or, for an account no bank lists any more,
 * the stored bank name and the IBAN's country code.
 */
export function bankOfDeposit(deposit: {
  partner_bank_name: string | null;
  partner_bank_country: string | null;
  bank_name: string | null;
  bank_iban: string;
  bank_holder: string;
}) {
  return {
    name: deposit.partner_bank_name ?? deposit.bank_name ?? deposit.bank_holder,
    country: (deposit.partner_bank_country ?? deposit.bank_iban.slice(0, 2)).trim().toUpperCase(),
  };
}
