import type { BankStatementResult, StatementEntryView } from "@festgeld/domain";
import * as payments from "../payments/payments.service.ts";
import type { ParsedStatement, StatementEntry } from "./camt053.ts";
import type * as repo from "./deposits.repository.ts";
import { businessDate, latestValueDate } from "./deposits.service.ts";
import { BOOK_CURRENCY, creditView, entryKeys, entryView } from "./statement-checks.ts";

/**
 * Matching a statement's entries, in memory and in the statement's order (docs/decisions.md
 * "Statement import at scale"): against the deposits its references name and the orders its
 * end-to-end ids name, read (and locked) once before. Each entry ends as exactly one of: a deposit
 * funded, an order booked, an order returned or reversed, or an exception for the staff work queue.
 * What the entries change is collected here and written set-based afterwards (statement-writes.ts);
 * the deposits and orders read are kept current, so a later entry sees what an earlier one did.
 */

type Matched = BankStatementResult["matched"][number];
type Unmatched = BankStatementResult["unmatched"][number];
type UnmatchedReason = Unmatched["reason"];

export interface EntryContext {
  entry: StatementEntry;
  key: string;
  view: StatementEntryView;
  accountIban: string;
  bookingDate: string;
}

/** An entry that waits for staff, with the deposit or order it names. */
export interface PendingException {
  context: EntryContext;
  reason: string;
  depositId: string | null;
  paymentOrderId: string | null;
}

/** A credit that funds the deposit its reference names, on the bank's value date. */
export interface Funding {
  context: EntryContext;
  deposit: repo.DepositRow;
  valueDate: string;
}

/** What the statement's entries do, to be written; empty lists for a dry run, which writes nothing. */
export interface Settlement {
  contexts: EntryContext[];
  matched: Matched[];
  unmatched: Unmatched[];
  fundings: Funding[];
  bookings: payments.Booking[];
  returns: payments.OrderReturn[];
  exceptions: PendingException[];
}

/** What the matching has in hand: the statement's deposits by reference and orders by end-to-end id. */
export interface Known {
  deposits: Map<string, repo.DepositRow>;
  orders: payments.KnownOrders;
}

interface Matching extends Known {
  today: string;
  dryRun: boolean;
  statementId: string;
  claimed: Set<string>;
  out: Settlement;
}

/** The deposit of an entry's first candidate reference that names one. */
function depositOfCandidates(m: Matching, candidates: readonly string[]) {
  for (const candidate of candidates) {
    const deposit = m.deposits.get(candidate);
    if (deposit) return deposit;
  }
  return undefined;
}

/** Every reference the statement's entries could mean (to read their deposits in one go). */
export const referencesOf = (entries: readonly StatementEntry[]) => [
  ...new Set(entries.flatMap((e) => e.candidates)),
];

/** The end-to-end ids of our payments the statement's debits, returns and reversals name. */
export function endToEndIdsOf(entries: readonly StatementEntry[]) {
  const ids: string[] = [];
  for (const e of entries) {
    if (e.kind === "debit" && e.endToEndId) ids.push(e.endToEndId);
    if (e.kind === "return" && e.returned?.payment === "outgoing" && e.returned.originalEndToEndId)
      ids.push(e.returned.originalEndToEndId);
    if (e.kind === "reversal" && e.reverses?.direction === "DBIT" && e.reverses.endToEndId)
      ids.push(e.reverses.endToEndId);
  }
  return ids;
}

/**
 * Why a statement credit cannot fund the deposit its reference names, or null when it can. The
 * credit must arrive on the deposit's own receiving account, for the exact amount, from the saver's
 * reference account, with a value date from the approval to a few days ahead (the bank's): the
 * checks `fundDeposit` makes, made here before anything is written.
 */
function creditProblem(
  entry: StatementEntry,
  deposit: repo.DepositRow,
  accountIban: string | null,
  valueDate: string,
  today: string,
  claimed: boolean,
): UnmatchedReason | null {
  if (accountIban !== deposit.bank_iban) return "wrong_account";
  if (deposit.status !== "awaiting_funds" || claimed) return "not_awaiting_funds";
  if (entry.currency !== deposit.currency.trim()) return "currency_mismatch";
  if (entry.amountCents !== deposit.amount_cents) return "amount_mismatch";
  if (entry.counterpartyIban !== deposit.payer_iban) return "payer_iban_mismatch";
  if (valueDate < businessDate(deposit.approved_at)) return "value_date_before_approval";
  if (valueDate > latestValueDate("statement", today)) return "value_date_in_future";
  return null;
}

/** The entry waits for staff: listed `unmatched` (or `refused`) with its reason. */
function toException(
  m: Matching,
  c: EntryContext,
  reason: string,
  names: { depositId?: string | null; paymentOrderId?: string | null } = {},
) {
  const { entry, view } = c;
  view.outcome = entry.kind === "refused" ? "refused" : "unmatched";
  view.reason = reason;
  view.deposit_id = names.depositId ?? view.deposit_id;
  if (m.dryRun) return;
  m.out.exceptions.push({
    context: c,
    reason,
    depositId: names.depositId ?? null,
    paymentOrderId: names.paymentOrderId ?? null,
  });
}

const refOf = (m: Matching, c: EntryContext): payments.EntryRef => ({
  statementId: m.statementId,
  entryKey: c.key,
  accountIban: c.accountIban,
  bookingDate: c.bookingDate,
});

/** A credit: funds the deposit its reference names, or waits (in another currency: never booked). */
function matchCredit(m: Matching, c: EntryContext) {
  const { entry, view } = c;
  const credit = creditView(entry);
  if (entry.currency !== BOOK_CURRENCY) {
    m.out.unmatched.push({ ...credit, reason: "currency_mismatch", deposit_id: null });
    return toException(m, c, "foreign_currency");
  }
  const valueDate = entry.valueDate ?? entry.bookingDate ?? m.today;
  const deposit = entry.reference ? depositOfCandidates(m, entry.candidates) : undefined;
  const reason: UnmatchedReason | null = !entry.reference
    ? "no_reference"
    : !deposit
      ? "unknown_reference"
      : creditProblem(entry, deposit, c.accountIban, valueDate, m.today, m.claimed.has(deposit.id));
  if (deposit) {
    view.deposit_id = deposit.id;
    credit.reference = deposit.reference;
  }
  if (!reason && deposit) {
    m.claimed.add(deposit.id);
    if (!m.dryRun) {
      m.out.fundings.push({ context: c, deposit, valueDate });
      m.deposits.set(deposit.reference, { ...deposit, status: "active" });
    }
    view.outcome = "funded";
    m.out.matched.push({ ...credit, deposit_id: deposit.id });
    return;
  }
  const why = reason ?? "unknown_reference";
  m.out.unmatched.push({ ...credit, reason: why, deposit_id: deposit?.id ?? null });
  toException(m, c, why, { depositId: deposit?.id ?? null });
}

/** A debit books the order its end-to-end id names; any other debit waits for staff. */
function matchDebit(m: Matching, c: EntryContext) {
  const { entry, view } = c;
  if (entry.currency !== BOOK_CURRENCY) return toException(m, c, "foreign_currency");
  if (!entry.endToEndId) return toException(m, c, "no_end_to_end_id");
  const order = m.orders.get(entry.endToEndId);
  view.payment_order_id = order?.id ?? null;
  const problem = payments.debitProblem(order, c.accountIban, entry.amountCents ?? 0n);
  if (problem || !order) return toException(m, c, problem ?? "", { paymentOrderId: order?.id ?? null });
  if (!m.dryRun) {
    m.out.bookings.push({ ...refOf(m, c), orderId: order.id });
    m.orders.set(entry.endToEndId, { ...order, status: "booked" });
  }
  view.outcome = "booked_order";
}

/**
 * Our payment sent back (a return credit) or the bank's reversal of its debit: matched by the
 * order's end-to-end id, and only its full amount returns the order; anything else waits.
 */
function matchReturnOfOurs(
  m: Matching,
  c: EntryContext,
  input: { endToEndId: string | null; reasonCode: string | null; reversal: boolean },
) {
  const { entry, view } = c;
  if (!input.endToEndId) {
    view.payment_order_id = null;
    return toException(m, c, "no_end_to_end_id");
  }
  const order = m.orders.get(input.endToEndId);
  view.payment_order_id = order?.id ?? null;
  const problem = payments.returnProblem(order, c.accountIban, entry.amountCents ?? 0n, entry.currency);
  if (problem || !order) return toException(m, c, problem ?? "", { paymentOrderId: order?.id ?? null });
  if (!m.dryRun) {
    m.out.returns.push({
      ...refOf(m, c),
      orderId: order.id,
      reasonCode: input.reasonCode,
      reversal: input.reversal,
    });
    m.orders.set(input.endToEndId, { ...order, status: "returned" });
  }
  view.outcome = "returned_order";
  view.reason = input.reasonCode ?? (input.reversal ? "reversal" : null);
}

function matchReturn(m: Matching, c: EntryContext) {
  const returned = c.entry.returned;
  if (returned?.payment === "outgoing") {
    return matchReturnOfOurs(m, c, {
      endToEndId: returned.originalEndToEndId,
      reasonCode: returned.reasonCode,
      reversal: false,
    });
  }
  // An incoming payment the bank sent back to its payer: staff check the deposit it names.
  const deposit = depositOfCandidates(m, c.entry.candidates);
  toException(m, c, `incoming_payment_returned${returned?.reasonCode ? `:${returned.reasonCode}` : ""}`, {
    depositId: deposit?.id ?? null,
  });
}

function matchReversal(m: Matching, c: EntryContext) {
  const { entry } = c;
  if (entry.reverses?.direction === "DBIT") {
    // The bank took back its booking of a debit: a payment of ours, named by its end-to-end id.
    return matchReturnOfOurs(m, c, {
      endToEndId: entry.reverses.endToEndId,
      reasonCode: null,
      reversal: true,
    });
  }
  // A reversed credit that funded a deposit leaves the deposit active: staff decide (the money may
  // come again), so it waits in the queue, not undone by the import.
  const deposit = depositOfCandidates(m, entry.candidates);
  toException(
    m,
    c,
    deposit && deposit.status !== "awaiting_funds" ? "reversal_of_funding_credit" : "reversal_of_credit",
    { depositId: deposit?.id ?? null },
  );
}

function matchEntry(m: Matching, c: EntryContext) {
  switch (c.entry.kind) {
    case "refused":
      return toException(m, c, c.entry.refusal?.reason ?? "refused");
    case "credit":
      return matchCredit(m, c);
    case "debit":
      return matchDebit(m, c);
    case "return":
      return matchReturn(m, c);
    case "reversal":
      return matchReversal(m, c);
  }
}

/** Matches each entry in the statement's order; answers what they do, to be written. */
export function matchEntries(
  statement: ParsedStatement,
  known: Known,
  run: { now: Date; dryRun: boolean; statementId: string | null },
): Settlement {
  const today = businessDate(run.now);
  const m: Matching = {
    ...known,
    today,
    dryRun: run.dryRun || run.statementId === null,
    statementId: run.statementId ?? "",
    claimed: new Set(),
    out: {
      contexts: [],
      matched: [],
      unmatched: [],
      fundings: [],
      bookings: [],
      returns: [],
      exceptions: [],
    },
  };
  const keys = entryKeys(statement.entries);
  for (const [i, entry] of statement.entries.entries()) {
    const key = keys[i] ?? `#${i + 1}`;
    const context: EntryContext = {
      entry,
      key,
      view: entryView(entry, key),
      // Checked before: every account statement names a partner bank's IBAN.
      accountIban: statement.statements[entry.position.statement - 1]?.accountIban ?? "",
      bookingDate: entry.bookingDate ?? entry.valueDate ?? today,
    };
    matchEntry(m, context);
    m.out.contexts.push(context);
  }
  return m.out;
}
