import { maskIban, normalizeIban, type UnmatchedCredit, type User } from "@festgeld/domain";
import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { UnmatchedCreditStatus } from "../../db/tables/payments.ts";
import { conflict } from "../../lib/errors.ts";
import type { EventBus } from "../../plugins/events.ts";
import { findPartnerAccountByIban } from "../banks/banks.service.ts";
import { createOrder } from "./order-creation.ts";
import { booksAmount, type Db } from "./order-records.ts";
import type { PaymentOrderFacts } from "./payment-events.ts";
import * as repo from "./payments.repository.ts";
import type { EntryRef } from "./statement-booking.ts";

/** A euro credit of a statement that funded nothing. */
export interface NewUnmatchedCredit extends EntryRef {
  accountIban: string;
  amountCents: bigint;
  currency: string;
  valueDate: string | null;
  payerName: string | null;
  payerIban: string | null;
  remittance: string | null;
  reason: string;
  depositId: string | null;
}

/**
 * Credits that funded nothing wait in suspense: kept for staff (who may send them back), in one
 * statement per chunk, and each published (`credit_unmatched`; as one batch in a batch transaction).
 * Answers the ids of those recorded now by their entry key (an entry recorded before is left out).
 */
export async function recordUnmatchedCredits(
  trx: Db,
  events: EventBus,
  credits: readonly NewUnmatchedCredit[],
  now: Date,
): Promise<Map<string, string>> {
  if (credits.length === 0) return new Map();
  const ids = await repo.insertUnmatchedCredits(
    trx,
    credits.map((credit) => ({
      bank_statement_id: credit.statementId,
      entry_key: credit.entryKey,
      account_iban: credit.accountIban,
      amount_cents: credit.amountCents,
      currency: credit.currency,
      booking_date: credit.bookingDate,
      value_date: credit.valueDate,
      payer_name: credit.payerName,
      payer_iban: credit.payerIban,
      remittance: credit.remittance,
      reason: credit.reason,
      deposit_id: credit.depositId,
      created_at: now,
    })),
  );
  await events.publishAll(
    "payment",
    credits
      .filter((credit) => ids.has(credit.entryKey))
      .map((credit) => ({
        kind: "credit_unmatched" as const,
        at: now,
        accountIban: credit.accountIban,
        amountCents: credit.amountCents,
        bookingDate: credit.bookingDate,
        statementId: credit.statementId,
        statementEntryKey: credit.entryKey,
        payerIban: credit.payerIban,
        payerName: credit.payerName,
      })),
    trx,
  );
  return ids;
}

function toUnmatchedCredit(
  row: Awaited<ReturnType<typeof repo.listUnmatchedCredits>>[number],
): UnmatchedCredit {
  return {
    id: row.id,
    bank_statement_id: row.bank_statement_id,
    entry_key: row.entry_key,
    account_iban: row.account_iban,
    // A euro credit (the others wait as exceptions): its cents in the books' currency.
    amount: booksAmount(row.amount_cents),
    currency: row.currency.trim(),
    booking_date: row.booking_date,
    value_date: row.value_date,
    payer_name: row.payer_name,
    payer_iban: row.payer_iban ? maskIban(row.payer_iban) : null,
    remittance: row.remittance,
    reason: row.reason,
    deposit_id: row.deposit_id,
    status: row.status,
    return_order_id: row.return_order_id,
    created_at: row.created_at.toISOString(),
  };
}

export async function listUnmatchedCredits(
  db: Kysely<DB>,
  query: { limit: number; offset: number; status?: UnmatchedCreditStatus | undefined },
) {
  const filter = { status: query.status };
  const [rows, total] = await Promise.all([
    repo.listUnmatchedCredits(db, filter, { limit: query.limit, offset: query.offset }),
    repo.countUnmatchedCredits(db, filter),
  ]);
  return { items: rows.map(toUnmatchedCredit), total };
}

/**
 * The order sending an unmatched credit back to its payer: from the account it arrived on to the
 * payer's IBAN and name, naming the payer's own text; the credit is then `returned`. Made when a
 * second staff member releases the return (bank-exceptions.service.ts).
 */
export async function orderCreditReturn(
  trx: Transaction<DB>,
  credit: repo.UnmatchedCreditRow,
  admin: User,
  now: Date,
  events: EventBus,
  fallbackBank: { holder: string; iban: string; bic: string },
): Promise<PaymentOrderFacts> {
  if (credit.status !== "open") {
    throw conflict("unmatched_credit_not_open", "This credit was settled already");
  }
  if (!credit.payer_iban) {
    throw conflict("unmatched_credit_no_payer", "The statement does not name the payer's IBAN");
  }
  const account =
    normalizeIban(fallbackBank.iban) === credit.account_iban
      ? { holder: fallbackBank.holder, bic: fallbackBank.bic }
      : ((await findPartnerAccountByIban(trx, credit.account_iban)) ??
        (await repo.depositAccount(trx, credit.account_iban)));
  if (!account) {
    throw conflict("unmatched_credit_no_payer", "The account the credit arrived on is not a partner account");
  }
  const text = credit.remittance ? ` ${credit.remittance}` : "";
  const order = await createOrder(trx, events, {
    source: "credit_return",
    depositId: null,
    userId: null,
    debtor: { name: account.holder, iban: credit.account_iban, bic: account.bic },
    creditor: { name: credit.payer_name ?? "Unknown payer", iban: credit.payer_iban },
    amountCents: credit.amount_cents,
    remittance: `Return of your transfer of ${credit.booking_date}${text}`.slice(0, 140),
    unmatchedCreditId: credit.id,
    returnsStatementEntry: `${credit.bank_statement_id}/${credit.entry_key}`,
    actor: admin,
    now,
  });
  await repo.updateUnmatchedCredit(trx, credit.id, { status: "returned" });
  return order;
}
