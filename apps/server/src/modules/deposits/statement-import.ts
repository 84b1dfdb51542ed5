import { createHash } from "node:crypto";
import { type BankStatementResult, maskIban, type User } from "@festgeld/domain";
import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../db/schema.ts";
import { conflict } from "../../lib/errors.ts";
import { type EventBus, markBatch } from "../../plugins/events.ts";
import { recordAudit } from "../audit/audit.service.ts";
import type { BankExceptionRow } from "../payments/bank-exceptions.service.ts";
import type { StatementEntryFacts } from "../payments/payment-events.ts";
import * as payments from "../payments/payments.service.ts";
import type { AccountStatement, ParsedStatement } from "./camt053.ts";
import * as repo from "./deposits.repository.ts";
import { businessDate, fundDeposit } from "./deposits.service.ts";
import { BOOK_CURRENCY, checkAccounts, checkBalances, euros, read, signed } from "./statement-checks.ts";
import {
  type EntryContext,
  endToEndIdsOf,
  type Known,
  matchEntries,
  referencesOf,
  type Settlement,
} from "./statement-matching.ts";
import { writeSettlement } from "./statement-writes.ts";

/**
 * The import of a camt.053 statement (docs/decisions.md "Statement import" and "Statement import at
 * scale"), in steps: read it, recognise it when it came before, check that it is whole (a partner
 * bank's account, balances that add up: statement-checks.ts), store it, match its entries in memory
 * against the deposits and orders they name (statement-matching.ts), write what they do set-based
 * (statement-writes.ts), and tell the books what the bank says. Every entry ends as exactly one of:
 * a deposit funded, an order booked, an order returned or reversed, or an exception in the staff
 * work queue (bank-exceptions.service.ts).
 */

type Stored = Pick<
  BankStatementResult,
  "matched" | "unmatched" | "entries" | "opening_balance" | "closing_balance"
>;

/**
 * From this many entries on, the savers' messages of an import (funding confirmations, payouts paid
 * or returned) follow through the job queue after it commits, and the entries' events are handed to
 * the journal as one batch (docs/decisions.md "Statement import at scale"); a smaller statement tells
 * them in its own transaction, at once.
 */
export const MESSAGES_LATER_FROM_ENTRIES = 50;

const factOf = (c: EntryContext): StatementEntryFacts & { statement: number } => ({
  statement: c.entry.position.statement,
  key: c.key,
  direction: c.entry.direction === "DBIT" ? "debit" : "credit",
  amountCents: c.entry.amountCents ?? 0n,
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
        openingBalanceCents: opening,
        closingBalanceCents: closing,
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
    const run: ImportRun = { trx, admin, now, events };
    const settlement = matchEntries(statement, await knownOf(trx, statement, input.dry_run), {
      now,
      dryRun: input.dry_run,
      statementId,
    });
    if (statementId) await writeSettlement({ ...run, statementId }, settlement);
    const result: Stored = {
      matched: settlement.matched,
      unmatched: settlement.unmatched,
      entries: settlement.contexts.map((c) => c.view),
      opening_balance: recognised.base.opening_balance,
      closing_balance: recognised.base.closing_balance,
    };
    if (statementId) await publishImport(run, statementId, statement, settlement, result);
    return {
      ...recognised.base,
      id: statementId,
      already_imported: false,
      dry_run: input.dry_run,
      ...result,
    };
  });
}

/** What the import has in hand while it writes. */
interface ImportRun {
  trx: Transaction<DB>;
  admin: User;
  now: Date;
  events: EventBus;
}

/**
 * The deposits the statement's references name and the orders its end-to-end ids name, each in one
 * read, locked in id order (unless a dry run) so that no other change to them interleaves.
 */
async function knownOf(trx: Transaction<DB>, statement: ParsedStatement, dryRun: boolean): Promise<Known> {
  const references = referencesOf(statement.entries);
  const deposits = new Map<string, repo.DepositRow>();
  if (references.length > 0)
    for (const row of await repo.depositsByReferences(trx, references, !dryRun))
      deposits.set(row.reference, row);
  return { deposits, orders: await payments.knownOrders(trx, endToEndIdsOf(statement.entries), dryRun) };
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

/** Writes the stored statement's result, publishes it for the books and audits the import. */
async function publishImport(
  run: ImportRun,
  statementId: string,
  statement: ParsedStatement,
  settlement: Settlement,
  result: Stored,
) {
  const matched = settlement.matched.length;
  await repo.setStatementResult(run.trx, statementId, matched, JSON.stringify(result));
  // The books reconcile in euro: an entry in another currency is no part of the euro balance (it
  // waits in the exception queue, which the reconciliation lists).
  const euro = settlement.contexts.filter(
    (c) => c.entry.kind === "refused" || c.entry.currency === BOOK_CURRENCY,
  );
  await publishStatements(run, statementId, statement.statements, euro.map(factOf));
  await recordAudit(run.trx, run.admin, {
    action: "bank_statement.imported",
    targetType: "bank_statement",
    targetId: statementId,
    details: {
      message_id: statement.messageId,
      entries: statement.entries.length,
      credits: statement.credits.length,
      matched,
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
    amountCents: exception.amount_cents ?? 0n,
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
