import { createHash } from "node:crypto";
import {
  type BankStatementResult,
  centsToDecimalString,
  centsToNumber,
  isValidIban,
  maskIban,
  normalizeIban,
  type StatementEntryView,
  type User,
} from "@festgeld/domain";
import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../db/schema.ts";
import { AppError, badRequest, conflict } from "../../lib/errors.ts";
import { type EventBus, markBatch } from "../../plugins/events.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { findPartnerAccountByIban } from "../banks/banks.service.ts";
import {
  type BankExceptionRow,
  type NewException,
  recordException,
} from "../payments/bank-exceptions.service.ts";
import type { StatementEntryFacts } from "../payments/payment-events.ts";
import * as payments from "../payments/payments.service.ts";
import {
  type AccountStatement,
  type ParsedStatement,
  parseCamt053,
  type StatementBalance,
  type StatementEntry,
  StatementFormatError,
} from "./camt053.ts";
import * as repo from "./deposits.repository.ts";
import { businessDate, fundDeposit, latestValueDate } from "./deposits.service.ts";

/**
 * The import of a camt.053 statement (docs/decisions.md "Statement import"), in steps: read it,
 * recognise it when it came before, check that it is whole (a partner bank's account, balances
 * that add up), store it, settle each entry, and tell the books what the bank says. Every entry ends
 * as exactly one of: a deposit funded, an order booked, an order returned or reversed, or an
 * exception in the staff work queue (bank-exceptions.service.ts).
 */

type Matched = BankStatementResult["matched"][number];
type Unmatched = BankStatementResult["unmatched"][number];
type UnmatchedReason = Unmatched["reason"];
type Stored = Pick<
  BankStatementResult,
  "matched" | "unmatched" | "entries" | "opening_balance" | "closing_balance"
>;

/**
 * From this many entries on, the savers' messages of an import (funding confirmations, payouts paid
 * or returned) follow through the job queue after it commits (docs/decisions.md "Statement import at
 * scale"); a smaller statement tells them in its own transaction, at once.
 */
export const MESSAGES_LATER_FROM_ENTRIES = 50;

/** The books are in euro: an entry in another currency is never a journal line. */
const BOOK_CURRENCY = "EUR";

/** A statement balance in cents: the reader already signs it (negative for a debit balance). */
const signed = (balance: StatementBalance | null) => balance?.amountCents ?? null;
const euros = (cents: bigint | null) => (cents === null ? null : centsToNumber(cents));

/* ------------------------------------------------------------------ reading and checking */

function read(xml: string): ParsedStatement {
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
async function checkAccounts(db: Kysely<DB>, statement: ParsedStatement, fallbackIban: string) {
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
function checkBalances(statement: ParsedStatement) {
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
        `Statement ${account.id}: opening balance ${centsToDecimalString(opening.amountCents)} plus the booked entries ` +
          `${centsToDecimalString(net)} is ${centsToDecimalString(opening.amountCents + net)}, not the closing balance ` +
          `${centsToDecimalString(closing.amountCents)} ${currency}; nothing was imported`,
      );
    }
  }
}

/* ------------------------------------------------------------------ entries */

/** Each entry's key: the bank's reference where it is unique in the statement, else its position. */
function entryKeys(entries: StatementEntry[]): string[] {
  const counts = new Map<string, number>();
  for (const e of entries)
    if (e.bankReference) counts.set(e.bankReference, (counts.get(e.bankReference) ?? 0) + 1);
  return entries.map((e) => {
    if (e.bankReference && counts.get(e.bankReference) === 1) return e.bankReference;
    const { statement, entry, transaction } = e.position;
    return `#${statement}.${entry}${transaction === null ? "" : `.${transaction}`}`;
  });
}

function entryView(entry: StatementEntry, key: string): StatementEntryView {
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

function creditView(entry: StatementEntry) {
  return {
    amount: centsToNumber(entry.amountCents ?? 0n),
    currency: entry.currency ?? "",
    value_date: entry.valueDate ?? entry.bookingDate,
    reference: entry.reference,
    payer_name: entry.counterpartyName,
    payer_iban: entry.counterpartyIban ? maskIban(entry.counterpartyIban) : null,
    bank_reference: entry.bankReference,
  };
}

/** The deposit of an entry's first candidate reference that names one (read before the entries). */
function depositOfCandidates(run: ImportRun, candidates: readonly string[]) {
  for (const candidate of candidates) {
    const deposit = run.deposits.get(candidate);
    if (deposit) return deposit;
  }
  return undefined;
}

/** Every deposit the statement's references name, in one read. */
async function knownDeposits(db: Kysely<DB>, entries: readonly StatementEntry[]) {
  const references = [...new Set(entries.flatMap((e) => e.candidates))];
  const deposits = new Map<string, repo.DepositRow>();
  if (references.length === 0) return deposits;
  for (const row of await repo.depositsByReferences(db, references)) deposits.set(row.reference, row);
  return deposits;
}

/** The end-to-end ids of our payments the statement's debits, returns and reversals name. */
function endToEndIdsOf(entries: readonly StatementEntry[]) {
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
 * reference account, with a value date from the approval to a few days ahead (the bank's).
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
  if (entry.amountCents !== BigInt(deposit.amount_cents)) return "amount_mismatch";
  if (entry.counterpartyIban !== deposit.payer_iban) return "payer_iban_mismatch";
  if (valueDate < businessDate(deposit.approved_at)) return "value_date_before_approval";
  if (valueDate > latestValueDate("statement", today)) return "value_date_in_future";
  return null;
}

/** A fundDeposit refusal in the import's words. */
function fundingRefusal(error: AppError, valueDate: string, today: string): UnmatchedReason {
  if (error.code === "invalid_value_date")
    return valueDate > today ? "value_date_in_future" : "value_date_before_approval";
  if (error.code === "payer_iban_mismatch" || error.code === "amount_mismatch") return error.code;
  return "not_awaiting_funds";
}

/** What one import has in hand while it settles the entries. */
interface ImportRun {
  trx: Transaction<DB>;
  admin: User;
  now: Date;
  events: EventBus;
  today: string;
  dryRun: boolean;
  statementId: string | null;
  matched: Matched[];
  unmatched: Unmatched[];
  claimed: Set<string>;
  /** The statement's deposits by reference and orders by end-to-end id, read once and kept current. */
  deposits: Map<string, repo.DepositRow>;
  orders: payments.KnownOrders;
}

interface EntryContext {
  entry: StatementEntry;
  key: string;
  view: StatementEntryView;
  accountIban: string;
  bookingDate: string;
}

const refOf = (run: ImportRun, c: EntryContext) => ({
  statementId: run.statementId ?? "",
  entryKey: c.key,
  accountIban: c.accountIban,
  bookingDate: c.bookingDate,
});

/**
 * The entry waits for staff: listed `unmatched` (or `refused`) with its reason and kept in the
 * exception queue. A euro credit is money on the account no deposit or order awaited: it is booked
 * into suspense and kept as an unmatched credit (credit_unmatched); anything else moves nothing in
 * the books until staff settle it.
 */
async function toException(
  run: ImportRun,
  c: EntryContext,
  reason: string,
  extra: Partial<Pick<NewException, "depositId" | "paymentOrderId">> & { payerReason?: UnmatchedReason } = {},
) {
  const { entry, view } = c;
  view.outcome = entry.kind === "refused" ? "refused" : "unmatched";
  view.reason = reason;
  view.deposit_id = extra.depositId ?? view.deposit_id;
  if (run.dryRun || run.statementId === null) return;
  const euroCredit =
    entry.kind !== "refused" &&
    entry.direction === "CRDT" &&
    entry.currency === BOOK_CURRENCY &&
    entry.amountCents !== null;
  let unmatchedCreditId: string | null = null;
  if (euroCredit && entry.amountCents !== null) {
    unmatchedCreditId = await payments.recordUnmatchedCredit(
      run.trx,
      run.events,
      {
        ...refOf(run, c),
        accountIban: c.accountIban,
        amountCents: entry.amountCents,
        currency: BOOK_CURRENCY,
        valueDate: entry.valueDate,
        payerName: entry.counterpartyName,
        payerIban: entry.counterpartyIban,
        remittance: entry.remittanceText,
        reason,
        depositId: extra.depositId ?? null,
      },
      run.now,
    );
    view.unmatched_credit_id = unmatchedCreditId;
  }
  await recordException(
    run.trx,
    {
      ...refOf(run, c),
      bookingDate: entry.bookingDate ?? entry.valueDate ?? "",
      kind: entry.kind,
      direction: entry.direction === "CRDT" ? "credit" : entry.direction === "DBIT" ? "debit" : null,
      reason,
      amountCents: entry.amountCents,
      amountText: entry.amountText,
      currency: entry.currency,
      valueDate: entry.valueDate,
      counterpartyName: entry.counterpartyName,
      counterpartyIban: entry.counterpartyIban,
      remittance: entry.remittanceText,
      endToEndId: entry.endToEndId,
      depositId: extra.depositId ?? null,
      paymentOrderId: extra.paymentOrderId ?? null,
      unmatchedCreditId,
    },
    run.now,
  );
}

/** A credit: funds the deposit its reference names, or waits (in another currency: never booked). */
async function settleCredit(run: ImportRun, c: EntryContext) {
  const { entry, view } = c;
  const credit = creditView(entry);
  if (entry.currency !== BOOK_CURRENCY) {
    run.unmatched.push({ ...credit, reason: "currency_mismatch", deposit_id: null });
    await toException(run, c, "foreign_currency");
    return;
  }
  const valueDate = entry.valueDate ?? entry.bookingDate ?? run.today;
  const deposit = entry.reference ? depositOfCandidates(run, entry.candidates) : undefined;
  let reason: UnmatchedReason | null = !entry.reference
    ? "no_reference"
    : !deposit
      ? "unknown_reference"
      : creditProblem(entry, deposit, c.accountIban, valueDate, run.today, run.claimed.has(deposit.id));
  if (deposit) {
    view.deposit_id = deposit.id;
    credit.reference = deposit.reference;
  }
  if (!reason && deposit) {
    run.claimed.add(deposit.id);
    if (!run.dryRun) {
      try {
        const funded = await fundDeposit(run.trx, deposit.id, {
          amountCents: entry.amountCents ?? 0n,
          valueDate,
          payerIban: entry.counterpartyIban ?? "",
          source: "statement",
          bankStatementId: run.statementId,
          statementEntryKey: c.key,
          actorId: run.admin.id,
          now: run.now,
          events: run.events,
        });
        run.deposits.set(funded.reference, funded);
      } catch (error) {
        // The checks above mirror fundDeposit's; a refusal here names its own reason.
        if (!(error instanceof AppError && error.statusCode < 500)) throw error;
        reason = fundingRefusal(error, valueDate, run.today);
      }
    }
  }
  if (!reason && deposit) {
    view.outcome = "funded";
    run.matched.push({ ...credit, deposit_id: deposit.id });
    return;
  }
  const why = reason ?? "unknown_reference";
  run.unmatched.push({ ...credit, reason: why, deposit_id: deposit?.id ?? null });
  await toException(run, c, why, { depositId: deposit?.id ?? null });
}

/** A debit books the order its end-to-end id names; any other debit waits for staff. */
async function settleDebit(run: ImportRun, c: EntryContext) {
  const { entry, view } = c;
  if (entry.currency !== BOOK_CURRENCY) return toException(run, c, "foreign_currency");
  const booked = await payments.bookDebit(
    run.trx,
    run.events,
    {
      ...refOf(run, c),
      endToEndId: entry.endToEndId,
      amountCents: entry.amountCents ?? 0n,
      dryRun: run.dryRun,
    },
    run.admin,
    run.now,
    run.orders,
  );
  view.payment_order_id = booked.orderId;
  if (booked.outcome !== "unmatched") {
    view.outcome = "booked_order";
    return;
  }
  await toException(run, c, booked.reason, { paymentOrderId: booked.orderId });
}

/**
 * Our payment sent back (a return credit) or the bank's reversal of its debit: matched by the
 * order's end-to-end id, and only its full amount returns the order; anything else waits.
 */
async function settleReturnOfOurs(
  run: ImportRun,
  c: EntryContext,
  input: { endToEndId: string | null; reasonCode: string | null; reversal: boolean },
) {
  const { entry, view } = c;
  const result = await payments.returnOrder(
    run.trx,
    run.events,
    {
      ...refOf(run, c),
      originalEndToEndId: input.endToEndId,
      reasonCode: input.reasonCode,
      amountCents: entry.amountCents ?? 0n,
      currency: entry.currency,
      reversal: input.reversal,
      dryRun: run.dryRun,
    },
    run.admin,
    run.now,
    run.orders,
  );
  view.payment_order_id = result.orderId;
  if (result.outcome === "unmatched") {
    await toException(run, c, result.reason, { paymentOrderId: result.orderId });
    return;
  }
  view.outcome = "returned_order";
  view.reason = input.reasonCode ?? (input.reversal ? "reversal" : null);
}

async function settleReturn(run: ImportRun, c: EntryContext) {
  const returned = c.entry.returned;
  if (returned?.payment === "outgoing") {
    await settleReturnOfOurs(run, c, {
      endToEndId: returned.originalEndToEndId,
      reasonCode: returned.reasonCode,
      reversal: false,
    });
    return;
  }
  // An incoming payment the bank sent back to its payer: staff check the deposit it names.
  const deposit = depositOfCandidates(run, c.entry.candidates);
  await toException(
    run,
    c,
    `incoming_payment_returned${returned?.reasonCode ? `:${returned.reasonCode}` : ""}`,
    { depositId: deposit?.id ?? null },
  );
}

async function settleReversal(run: ImportRun, c: EntryContext) {
  const { entry } = c;
  if (entry.reverses?.direction === "DBIT") {
    // The bank took back its booking of a debit: a payment of ours, named by its end-to-end id.
    await settleReturnOfOurs(run, c, {
      endToEndId: entry.reverses.endToEndId,
      reasonCode: null,
      reversal: true,
    });
    return;
  }
  // A reversed credit that funded a deposit leaves the deposit active: staff decide (the money may
  // come again), so it waits in the queue, not undone by the import.
  const deposit = depositOfCandidates(run, entry.candidates);
  await toException(
    run,
    c,
    deposit && deposit.status !== "awaiting_funds" ? "reversal_of_funding_credit" : "reversal_of_credit",
    { depositId: deposit?.id ?? null },
  );
}

async function settleEntry(run: ImportRun, c: EntryContext) {
  switch (c.entry.kind) {
    case "refused":
      return toException(run, c, c.entry.refusal?.reason ?? "refused");
    case "credit":
      return settleCredit(run, c);
    case "debit":
      return settleDebit(run, c);
    case "return":
      return settleReturn(run, c);
    case "reversal":
      return settleReversal(run, c);
  }
}

const factOf = (c: EntryContext): StatementEntryFacts & { statement: number } => ({
  statement: c.entry.position.statement,
  key: c.key,
  direction: c.entry.direction === "DBIT" ? "debit" : "credit",
  amountCents: c.entry.amountCents === null ? 0 : Number(c.entry.amountCents),
  bookingDate: c.bookingDate,
  valueDate: c.entry.valueDate,
  reversal: c.entry.reversalIndicator,
  endToEndId: c.entry.endToEndId,
  outcome: c.view.outcome,
});

/** The bank's view of each account for the books, after the entries' own events. */
async function publishStatements(
  run: ImportRun,
  statementId: string,
  statements: AccountStatement[],
  facts: ReturnType<typeof factOf>[],
) {
  for (const [s, account] of statements.entries()) {
    if (!account.accountIban) continue;
    const opening = signed(account.openingBalance);
    const closing = signed(account.closingBalance);
    await payments.statementImported(
      run.trx,
      run.events,
      {
        statementId,
        accountIban: account.accountIban,
        openingBalanceCents: opening === null ? null : Number(opening),
        closingBalanceCents: closing === null ? null : Number(closing),
        closingDate: account.closingBalance?.date ?? null,
        entries: facts.filter((f) => f.statement === s + 1).map(({ statement: _, ...f }) => f),
      },
      run.now,
    );
  }
}

/* ------------------------------------------------------------------ the import */

/**
 * Imports a camt.053 statement and reports every entry with what became of it (docs/decisions.md
 * "Statement import"). Refused whole, with nothing stored: a statement of an account no partner bank
 * holds (400 unknown_account), one whose balances do not add up (400 statement_unbalanced), and one
 * whose ids were imported before with other content (409 statement_id_reused). The same statement
 * again (by its bytes or its content) changes nothing and answers the first import's result. A dry
 * run books nothing and reports the same outcomes.
 */
export async function importStatement(
  db: Kysely<DB>,
  admin: User,
  input: { xml: string; dry_run: boolean },
  now: Date,
  events: EventBus,
  settings: { fallbackIban: string },
): Promise<BankStatementResult> {
  const recognised = recognise(input.xml);
  const earlier = await earlierImport(db, recognised, input.dry_run);
  if (earlier) return earlier;
  await checkAccounts(db, recognised.statement, settings.fallbackIban);
  checkBalances(recognised.statement);

  return db.transaction().execute(async (trx) => {
    const statementId = input.dry_run ? null : await storeStatement(trx, recognised, admin, now);
    // A concurrent import of the same statement won the race: it books, this one changes nothing.
    if (statementId === RACED) return alreadyImported(recognised.base, null, false, {});
    const { statement } = recognised;
    // A busy account's statement tells its savers through the job queue (the import renders no PDF).
    if (statement.entries.length >= MESSAGES_LATER_FROM_ENTRIES) markBatch(trx, now);
    const run: ImportRun = {
      trx,
      admin,
      now,
      events,
      today: businessDate(now),
      dryRun: input.dry_run,
      statementId,
      matched: [],
      unmatched: [],
      claimed: new Set(),
      deposits: await knownDeposits(trx, statement.entries),
      orders: await payments.knownOrders(trx, endToEndIdsOf(statement.entries), input.dry_run),
    };
    const contexts = await settleEntries(run, statement);
    const result: Stored = {
      matched: run.matched,
      unmatched: run.unmatched,
      entries: contexts.map((c) => c.view),
      opening_balance: recognised.base.opening_balance,
      closing_balance: recognised.base.closing_balance,
    };
    if (statementId) await publishImport(run, statementId, statement, contexts, result);
    return {
      ...recognised.base,
      id: statementId,
      already_imported: false,
      dry_run: input.dry_run,
      ...result,
    };
  });
}

/** A statement read, its bytes' hash, and the parts of the answer the statement alone gives. */
interface Recognised {
  statement: ParsedStatement;
  hash: string;
  base: Pick<
    BankStatementResult,
    | "format"
    | "message_id"
    | "statement_id"
    | "account_iban"
    | "credits"
    | "opening_balance"
    | "closing_balance"
  >;
}

function recognise(xml: string): Recognised {
  const statement = read(xml);
  const first = statement.statements[0] ?? null;
  return {
    statement,
    hash: createHash("sha256").update(xml).digest("hex"),
    base: {
      format: statement.format,
      message_id: statement.messageId,
      statement_id: statement.statementId,
      account_iban: statement.accountIban ? maskIban(statement.accountIban) : null,
      credits: statement.credits.length,
      opening_balance: euros(signed(first?.openingBalance ?? null)),
      closing_balance: euros(signed(first?.closingBalance ?? null)),
    },
  };
}

function alreadyImported(
  base: Recognised["base"],
  id: string | null,
  dryRun: boolean,
  stored: Partial<Stored>,
): BankStatementResult {
  return {
    ...base,
    id,
    already_imported: true,
    dry_run: dryRun,
    matched: stored.matched ?? [],
    unmatched: stored.unmatched ?? [],
    entries: stored.entries ?? [],
  };
}

/**
 * The first import's answer when this statement was imported before (by its bytes or its content);
 * 409 statement_id_reused when its ids were imported with other content; null when it is new.
 */
async function earlierImport(
  db: Kysely<DB>,
  { statement, hash, base }: Recognised,
  dryRun: boolean,
): Promise<BankStatementResult | null> {
  const previous = await repo.findImportedStatement(db, {
    hash,
    fingerprint: statement.fingerprint,
    messageId: statement.messageId,
    statementId: statement.statementId,
  });
  if (!previous) return null;
  if (previous.content_sha256 !== hash && previous.fingerprint !== statement.fingerprint) {
    throw conflict(
      "statement_id_reused",
      `Message ${statement.messageId.slice(0, 40)} with statement ${statement.statementId.slice(0, 40)} was imported before with other content; nothing was imported`,
    );
  }
  return alreadyImported(base, previous.id, dryRun, previous.result as Partial<Stored>);
}

/** What `storeStatement` answers when a concurrent import of the same statement stored it first. */
const RACED = Symbol("raced");

/** Stores the statement (its result is written once its entries are settled); answers its id. */
async function storeStatement(
  trx: Transaction<DB>,
  { statement, hash }: Recognised,
  admin: User,
  now: Date,
): Promise<string | typeof RACED> {
  const inserted = await repo.insertStatement(trx, {
    message_id: statement.messageId,
    statement_id: statement.statementId,
    content_sha256: hash,
    fingerprint: statement.fingerprint,
    format: statement.format,
    account_iban: statement.accountIban,
    credits: statement.credits.length,
    entries: statement.entries.length,
    matched: 0,
    result: "{}",
    imported_at: now,
    imported_by: admin.id,
  });
  return inserted ? inserted.id : RACED;
}

/** Settles each entry in the statement's order; answers each with its context and view. */
async function settleEntries(run: ImportRun, statement: ParsedStatement): Promise<EntryContext[]> {
  const keys = entryKeys(statement.entries);
  const contexts: EntryContext[] = [];
  for (const [i, entry] of statement.entries.entries()) {
    const key = keys[i] ?? `#${i + 1}`;
    const context: EntryContext = {
      entry,
      key,
      view: entryView(entry, key),
      // Checked before: every account statement names a partner bank's IBAN.
      accountIban: statement.statements[entry.position.statement - 1]?.accountIban ?? "",
      bookingDate: entry.bookingDate ?? entry.valueDate ?? run.today,
    };
    await settleEntry(run, context);
    contexts.push(context);
  }
  return contexts;
}

/** Writes the stored statement's result, publishes it for the books and audits the import. */
async function publishImport(
  run: ImportRun,
  statementId: string,
  statement: ParsedStatement,
  contexts: readonly EntryContext[],
  result: Stored,
) {
  await repo.setStatementResult(run.trx, statementId, run.matched.length, JSON.stringify(result));
  // The books reconcile in euro: an entry in another currency is no part of the euro balance (it
  // waits in the exception queue, which the reconciliation lists).
  const euro = contexts.filter((c) => c.entry.kind === "refused" || c.entry.currency === BOOK_CURRENCY);
  await publishStatements(run, statementId, statement.statements, euro.map(factOf));
  await recordAudit(run.trx, run.admin, {
    action: "bank_statement.imported",
    targetType: "bank_statement",
    targetId: statementId,
    details: {
      message_id: statement.messageId,
      entries: statement.entries.length,
      credits: statement.credits.length,
      matched: run.matched.length,
    },
  });
}

/**
 * Staff assign a euro credit waiting in the exception queue to a deposit: it funds the deposit as a
 * statement credit would (same checks, the bank's value date), out of suspense, where the import
 * booked it.
 */
export async function fundFromException(
  trx: Transaction<DB>,
  admin: User,
  exception: BankExceptionRow,
  depositId: string,
  now: Date,
  events: EventBus,
) {
  await fundDeposit(trx, depositId, {
    amountCents: BigInt(exception.amount_cents ?? 0),
    valueDate: exception.value_date ?? exception.booking_date ?? businessDate(now),
    payerIban: exception.counterparty_iban ?? "",
    source: "statement",
    bankStatementId: exception.bank_statement_id,
    statementEntryKey: exception.entry_key,
    fromSuspense: true,
    actorId: admin.id,
    now,
    events,
  });
}
