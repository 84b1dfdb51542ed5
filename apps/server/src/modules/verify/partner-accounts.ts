import { normalizeIban } from "@festgeld/domain";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { PartnerBankAccount } from "../../plugins/deposit-settings.ts";
import { packageBankAccounts } from "../packages/packages.service.ts";

/** A partner bank's receiving account as the public may see it. */
export interface PartnerAccount {
  holder: string;
  iban: string;
  bic: string;
  bankName: string | null;
}

/**
 * Where the check of transfer details reads the platform's partner accounts: the one port of this
 * module. Today the accounts are the configured default bank and the receiving accounts packages
 * name; once partner banks are data, this is the only file to point at them.
 */
export interface PartnerAccounts {
  findPartnerAccount(iban: string): Promise<PartnerAccount | null>;
  listPartnerAccounts(): Promise<PartnerAccount[]>;
}

export function partnerAccountsFrom(db: Kysely<DB>, defaultBank: PartnerBankAccount): PartnerAccounts {
  const list = async (): Promise<PartnerAccount[]> => {
    const accounts = [defaultBank, ...(await packageBankAccounts(db))].map((a) => ({
      holder: a.holder,
      iban: normalizeIban(a.iban),
      bic: a.bic,
      bankName: a.name,
    }));
    return [...new Map(accounts.map((a) => [a.iban, a])).values()];
  };
  return {
    listPartnerAccounts: list,
    async findPartnerAccount(iban) {
      const wanted = normalizeIban(iban);
      return (await list()).find((a) => a.iban === wanted) ?? null;
    },
  };
}
