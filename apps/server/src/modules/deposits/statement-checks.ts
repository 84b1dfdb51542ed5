import {
  BOOKS_CURRENCY,
  isValidIban,
  maskIban,
  money,
  moneyToDecimalText,
  moneyToJsonNumber,
  normalizeIban,
  type StatementEntryView,
} from "@festgeld/domain";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { badRequest } from "../../lib/errors.ts";
import { findPartnerAccountByIban } from "../banks/banks.service.ts";
import {
  type ParsedStatement,
  parseCamt053,
  type StatementBalance,
  type StatementEntry,
  StatementFormatError,
} from "./camt053.ts";
import * as repo from "./deposits.repository.ts";

/**
 * Reading and checking a camt.053 statement before anything of it is stored (docs/decisions.md
 * "Statement import"), and the views of its entries the import answers with.
 */

/** The books are in euro: an entry in another currency is never a journal line. */
export const BOOK_CURRENCY = "EUR";

/** A statement balance in cents: the reader already signs it (negative for a debit balance). */
export const signed = (balance: StatementBalance | null) => balance?.amountCents ?? null;
/**
 * A statement's cents (read at two places, camt053.ts) as the contract's number: the reader's bound
 * (MAX_STATEMENT_CENTS) keeps it within what a JSON number carries exactly.
 */
const amountOf = (cents: bigint) => moneyToJsonNumber(money(cents, BOOKS_CURRENCY));
export const euros = (cents: bigint | null) => (cents === null ? null : amountOf(cents));
/** A statement's cents as decimal text ("1234.50") for an error's detail. */
const decimal = (cents: bigint) => moneyToDecimalText(money(cents, BOOKS_CURRENCY));

/* ------------------------------------------------------------------ reading and checking */

export function read(xml: string): ParsedStatement {
  try {
    return parseCamt053(xml);
  } catch (error) {
    if (error instanceof StatementFormatError) throw badRequest("statement_invalid", error.message);
    throw error;
  }
}

/**
 * Every account statement must be of a partner bank's account: a bank's receiving account, the
 * configured fallback account, or an account deposits were paid into (a bank may have changed its
 * account since). A statement of any other account, or without a valid IBAN, is refused whole.
 */
export async function checkAccounts(db: Kysely<DB>, statement: ParsedStatement, fallbackIban: string) {
  for (const account of statement.statements) {
    const iban = account.accountIban;
    if (!iban || !isValidIban(iban)) {
      throw badRequest(
        "unknown_account",
        `Statement ${account.id || "(no id)"} names no valid IBAN for its account${iban ? ` (found ${iban.slice(0, 40)})` : ""}`,
      );
    }
    const known =
      iban === normalizeIban(fallbackIban) ||
      (await findPartnerAccountByIban(db, iban)) !== null ||
      (await repo.hasDepositsOnAccount(db, iban));
    if (!known) {
      throw badRequest(
        "unknown_account",
        `${maskIban(iban)} is not the account of a partner bank; nothing was imported`,
      );
    }
  }
}

/**
 * The opening booked balance plus the booked entries (in the balances' currency) must give the
 * closing booked balance; otherwise the file is cut, or an entry is missing or wrong, and nothing is
 * booked. A statement without both balances, or with entries whose amount cannot be read, cannot
 * be checked this way (its unreadable entries wait as exceptions).
 */
export function checkBalances(statement: ParsedStatement) {
  for (const account of statement.statements) {
    const { openingBalance: opening, closingBalance: closing } = account;
    if (!opening || !closing) continue;
    if (opening.amountCents === null || closing.amountCents === null) {
      throw badRequest(
        "statement_unbalanced",
        `Statement ${account.id}: a balance cannot be read ("${(opening.amountCents === null ? opening.amountText : closing.amountText)?.slice(0, 40) ?? ""}")`,
      );
    }
    if (!account.bookedNet.readable) continue;
    const currency = closing.currency ?? account.accountCurrency ?? BOOK_CURRENCY;
    const net = account.bookedNet.byCurrency[currency] ?? 0n;
    if (opening.amountCents + net !== closing.amountCents) {
      throw badRequest(
        "statement_unbalanced",
        `Statement ${account.id}: opening balance ${decimal(opening.amountCents)} plus the booked entries ` +
          `${decimal(net)} is ${decimal(opening.amountCents + net)}, not the closing balance ` +
          `${decimal(closing.amountCents)} ${currency}; nothing was imported`,
      );
    }
  }
}

/* ------------------------------------------------------------------ entries */

/** Each entry's key: the bank's reference where it is unique in the statement, else its position. */
export function entryKeys(entries: StatementEntry[]): string[] {
  const counts = new Map<string, number>();
  for (const e of entries)
    if (e.bankReference) counts.set(e.bankReference, (counts.get(e.bankReference) ?? 0) + 1);
  return entries.map((e) => {
    if (e.bankReference && counts.get(e.bankReference) === 1) return e.bankReference;
    const { statement, entry, transaction } = e.position;
    return `#${statement}.${entry}${transaction === null ? "" : `.${transaction}`}`;
  });
}

export function entryView(entry: StatementEntry, key: string): StatementEntryView {
  return {
    key,
    kind: entry.kind,
    direction: entry.direction === "CRDT" ? "credit" : entry.direction === "DBIT" ? "debit" : null,
    amount: euros(entry.amountCents),
    amount_text: entry.amountText,
    currency: entry.currency,
    booking_date: entry.bookingDate,
    value_date: entry.valueDate,
    end_to_end_id: entry.endToEndId,
    counterparty_name: entry.counterpartyName,
    counterparty_iban: entry.counterpartyIban ? maskIban(entry.counterpartyIban) : null,
    remittance: entry.remittanceText,
    reference: entry.reference,
    outcome: "ignored",
    reason: null,
    deposit_id: null,
    payment_order_id: null,
    unmatched_credit_id: null,
  };
}

export function creditView(entry: StatementEntry) {
  return {
    amount: amountOf(entry.amountCents ?? 0n),
    currency: entry.currency ?? "",
    value_date: entry.valueDate ?? entry.bookingDate,
    reference: entry.reference,
    payer_name: entry.counterpartyName,
    payer_iban: entry.counterpartyIban ? maskIban(entry.counterpartyIban) : null,
    bank_reference: entry.bankReference,
  };
}
