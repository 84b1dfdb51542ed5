import type { LedgerAccountType } from "../../db/tables/ledger.ts";

/**
 * The journal's account addresses (docs/decisions.md "The journal: accounts and signs"): colon
 * separated segments from the general to the particular, like Formance's `users:123:main`. Every
 * bank-side account belongs to one partner bank account, named by its receiving IBAN.
 */
export type BankAccountType = Exclude<LedgerAccountType, "deposit">;

export const bankAccount = (iban: string, type: BankAccountType) => `banks:${iban}:${type}`;
export const depositAccount = (depositId: string) => `deposits:${depositId}`;

/** The account rows to open for a partner bank account and, optionally, a deposit held there. */
export function accountsFor(iban: string, depositIds: readonly string[] = []) {
  return [
    ...(["cash", "interest_expense", "suspense", "in_transit"] as const).map((type) => ({
      address: bankAccount(iban, type),
      type,
      bank_iban: iban,
    })),
    ...depositIds.map((id) => ({
      address: depositAccount(id),
      type: "deposit" as const,
      bank_iban: iban,
      deposit_id: id,
    })),
  ];
}
