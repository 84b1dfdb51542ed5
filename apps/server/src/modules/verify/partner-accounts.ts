import { normalizeIban } from "@festgeld/domain";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { findPartnerAccountByIban } from "../banks/banks.service.ts";

/** A partner bank's receiving account as the public may see it. */
export interface PartnerAccount {
  holder: string;
  iban: string;
  bic: string;
  bankName: string | null;
}

/**
 * Where the check of transfer details reads the platform's partner accounts: the one port of this
 * module, answered by the partner banks (each bank's receiving account, a paused bank's too: money may
 * still be held there).
 */
export interface PartnerAccounts {
  findPartnerAccount(iban: string): Promise<PartnerAccount | null>;
}

export function partnerAccountsFrom(db: Kysely<DB>): PartnerAccounts {
  return {
    async findPartnerAccount(iban) {
      const account = await findPartnerAccountByIban(db, normalizeIban(iban));
      return account
        ? { holder: account.holder, iban: account.iban, bic: account.bic, bankName: account.bank.name }
        : null;
    },
  };
}
