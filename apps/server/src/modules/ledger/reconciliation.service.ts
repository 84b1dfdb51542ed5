import {
  addDays,
  eur,
  type Language,
  moneyToJsonCents,
  moneyToJsonNumber,
  perLanguage,
  type Reconciliation,
  type ReconciliationRun,
} from "@festgeld/domain";
import type { Kysely, Transaction } from "kysely";
import type { JobHandler } from "../../db/job-queue.ts";
import type { DB } from "../../db/schema.ts";
import type { ReconciliationStatus } from "../../db/tables/ledger.ts";
import { fill, textsFor } from "../../locales/catalogues.ts";
import { openExceptionsOf } from "../payments/bank-exceptions.service.ts";
import * as repo from "./ledger.repository.ts";
import { businessDate } from "./ledger.service.ts";
import { bankAccount } from "./ledger-accounts.ts";

type Db = Kysely<DB> | Transaction<DB>;
type Difference = Reconciliation["differences"][number];

const pairKey = (statementId: string, key: string) => `${statementId}\u0000${key}`;

/** Euro cents of the books as the contract's euro number. */
const euros = (cents: bigint) => moneyToJsonNumber(eur(cents));
/** Euro cents of the books as the contract's `*_cents` integer. */
const jsonCents = (cents: bigint) => moneyToJsonCents(eur(cents));

/**
 * Compares the books with the bank for one partner bank account at the end of a day
 * (docs/decisions.md "Reconciliation"): the cash account's balance by effective date against the
 * closing balance (CLBD) of the statement imported for that account and day, and each difference of
 * that day: a journal cash line no statement entry books ("booked here, not at the bank"), and a
 * statement entry no journal entry books ("at the bank, not here"). An entry reversed by the same
 * day, and its reversal, cancel out and are not listed. The entries of the account that wait in the
 * exception queue (a partial return, a debit no order names) are listed beside them.
 */
export async function reconcile(db: Db, iban: string, date: string): Promise<Reconciliation> {
  return (await compareWithBank(db, iban, date)).reconciliation;
}

/** `reconcile`'s answer with the two balances in cents, as a run records them. */
async function compareWithBank(
  db: Db,
  iban: string,
  date: string,
): Promise<{ reconciliation: Reconciliation; bookCents: bigint; bankCents: bigint | null }> {
  const cash = bankAccount(iban, "cash");
  const [bookCents, statement, lines, bankEntries, openExceptions] = await Promise.all([
    repo.accountBalanceAt(db, cash, date),
    repo.statementOn(db, iban, date),
    repo.cashLinesOn(db, cash, date),
    repo.bankEntriesOn(db, iban, date),
    openExceptionsOf(db, iban, date),
  ]);
  const differences: Difference[] = [];

  const reversalPairs = new Set(lines.filter((l) => l.reversed).map((l) => l.entry_id));
  for (const l of lines)
    if (l.reverses_entry_id !== null && reversalPairs.has(l.reverses_entry_id)) reversalPairs.add(l.entry_id);
  const referenced = lines.filter((l) => l.statement_id !== null && l.statement_entry_key !== null);
  const known = await repo.knownStatementEntries(
    db,
    referenced.map((l) => ({ statementId: l.statement_id ?? "", key: l.statement_entry_key ?? "" })),
  );
  for (const l of lines) {
    if (reversalPairs.has(l.entry_id)) continue;
    if (l.statement_id && l.statement_entry_key && known.has(pairKey(l.statement_id, l.statement_entry_key)))
      continue;
    const cents = l.amount_cents;
    differences.push({
      side: "book_only",
      date: l.effective_date,
      amount: euros(cents),
      amount_cents: jsonCents(cents),
      entry_id: Number(l.entry_id),
      kind: l.kind,
      statement_id: l.statement_id,
      statement_entry_key: l.statement_entry_key,
      end_to_end_id: null,
    });
  }

  const booked = await repo.bookedStatementEntries(db, [...new Set(bankEntries.map((e) => e.statement_id))]);
  for (const e of bankEntries) {
    if (booked.has(pairKey(e.statement_id, e.entry_key))) continue;
    const cents = e.direction === "credit" ? e.amount_cents : -e.amount_cents;
    differences.push({
      side: "bank_only",
      date: e.booking_date,
      amount: euros(cents),
      amount_cents: jsonCents(cents),
      entry_id: null,
      kind: null,
      statement_id: e.statement_id,
      statement_entry_key: e.entry_key,
      end_to_end_id: e.end_to_end_id,
    });
  }

  const bankCents = statement?.closing_balance_cents ?? null;
  const differenceCents = bankCents === null ? null : bookCents - bankCents;
  const status: ReconciliationStatus =
    bankCents === null
      ? "no_statement"
      : differenceCents === 0n && differences.length === 0
        ? "consistent"
        : "difference";
  const reconciliation: Reconciliation = {
    date,
    account: iban,
    status,
    book_balance: euros(bookCents),
    book_balance_cents: jsonCents(bookCents),
    bank_balance: bankCents === null ? null : euros(bankCents),
    bank_balance_cents: bankCents === null ? null : jsonCents(bankCents),
    difference: differenceCents === null ? null : euros(differenceCents),
    difference_cents: differenceCents === null ? null : jsonCents(differenceCents),
    statement_id: statement?.statement_id ?? null,
    differences,
    open_exceptions: openExceptions,
  };
  return { reconciliation, bookCents, bankCents };
}

export async function listRuns(
  db: Kysely<DB>,
  query: { limit: number; offset: number; account?: string | undefined },
): Promise<{ items: ReconciliationRun[]; total: number }> {
  const [rows, total] = await Promise.all([
    repo.listRuns(db, { account: query.account }, query),
    repo.countRuns(db, { account: query.account }),
  ]);
  return {
    items: rows.map((r) => ({
      id: Number(r.id),
      account: r.account_iban,
      date: r.date,
      status: r.status,
      book_balance: euros(r.book_balance_cents),
      bank_balance: r.bank_balance_cents === null ? null : euros(r.bank_balance_cents),
      differences: Array.isArray(r.differences) ? r.differences.length : 0,
      run_at: r.run_at.toISOString(),
    })),
    total,
  };
}

/* --------------------------------------------------------------- daily job */

export const RECONCILIATION_JOB = "ledger.reconcile";

/** The run for a day starts at 06:00 UTC the day after, when the day's statements are in. */
export const reconciliationRunAt = (date: string) => new Date(`${addDays(date, 1)}T06:00:00Z`);

export function scheduleReconciliation(db: Db, date: string) {
  return repo.scheduleJob(db, {
    name: RECONCILIATION_JOB,
    key: `${RECONCILIATION_JOB}:${date}`,
    runAt: reconciliationRunAt(date),
    payload: { date },
  });
}

/** The back-office notice of a day whose books and bank differ, in one language. */
function alert(language: Language, date: string, accounts: string[]) {
  const t = textsFor(language)["back-office"].reconciliation_alert;
  return {
    title: fill(t.title, { date }),
    message: fill(t.message, { date, accounts: accounts.join(", ") }),
  };
}

/**
 * Reconciles every partner bank account for a day, records each result once, and tells the admins
 * (back-office inbox) when a difference appears. Returns the accounts with a difference.
 */
export async function runDailyReconciliation(db: Db, date: string, now: Date): Promise<string[]> {
  const withDifference: string[] = [];
  for (const iban of await repo.cashAccounts(db)) {
    const { reconciliation: result, bookCents, bankCents } = await compareWithBank(db, iban, date);
    const fresh = await repo.insertRun(db, {
      account_iban: iban,
      date,
      book_balance_cents: bookCents,
      bank_balance_cents: bankCents,
      status: result.status,
      differences: result.differences,
      run_at: now,
    });
    if (fresh && result.status === "difference") withDifference.push(iban);
  }
  if (withDifference.length > 0) {
    const translations = perLanguage((l) => ({ ...alert(l, date, withDifference), note: null }));
    await repo.notifyAdmins(db, { ...translations.en, translations, at: now });
  }
  return withDifference;
}

/** The daily job: reconciles the day before the run and schedules the next day's run. */
export const reconciliationJob: JobHandler = async (trx, job, now) => {
  const date = typeof job.payload.date === "string" ? job.payload.date : addDays(businessDate(now), -1);
  await runDailyReconciliation(trx, date, now);
  await scheduleReconciliation(trx, addDays(date, 1));
};
