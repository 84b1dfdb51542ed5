import type { VerifyTransfer } from "@festgeld/domain";
import type { PartnerAccounts } from "./partner-accounts.ts";

/**
 * Is this IBAN one of the platform's partner bank accounts, and under which holder name? Answers from
 * the partner accounts only (public: they are printed on every approval), never from savers or
 * deposits, so the answer reveals nothing about anyone (docs/decisions.md "Check of transfer details").
 */
export async function verifyTransfer(accounts: PartnerAccounts, iban: string): Promise<VerifyTransfer> {
  const account = await accounts.findPartnerAccount(iban);
  return {
    iban,
    partner_account: account !== null,
    holder: account?.holder ?? null,
    bic: account?.bic ?? null,
    bank_name: account?.bankName ?? null,
  };
}
