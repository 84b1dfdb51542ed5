/**
 * The bank that holds a deposit, for the interest statement: today the receiving account the deposit
 * stored at approval (its bank name, and the IBAN's country code as the bank's country). The one place
 * to change when partner banks are data.
 */
export function bankOfDeposit(deposit: { bank_name: string | null; bank_iban: string; bank_holder: string }) {
  return {
    name: deposit.bank_name ?? deposit.bank_holder,
    country: deposit.bank_iban.slice(0, 2).toUpperCase(),
  };
}
