import { createHash } from "node:crypto";
import {
  type AdminDeposit,
  addDays,
  type BankStatementResult,
  centsToNumber,
  type DepositSummary,
  maskIban,
  type StatementEntryView,
  toCents,
  type User,
} from "@festgeld/domain";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { AppError, badRequest, notFound } from "../../lib/errors.ts";
import type { EventBus } from "../../plugins/events.ts";
import { recordAudit } from "../audit/audit.service.ts";
import type { StatementEntryFacts } from "../payments/payment-events.ts";
import * as payments from "../payments/payments.service.ts";
import { parseCamt053, type StatementBalance, type StatementEntry, StatementFormatError } from "./camt053.ts";
import { toDeposit } from "./deposit.mapper.ts";
import * as repo from "./deposits.repository.ts";
import { businessDate, fundDeposit, latestValueDate } from "./deposits.service.ts";

type AdminRow = NonNullable<Awaited<ReturnType<typeof repo.findAdminDeposit>>>;

function toAdminDeposit(row: AdminRow, sums: repo.LedgerSums | undefined, now: Date): AdminDeposit {
  return {
    ...toDeposit(row, sums),
    account:
      row.user_id && row.account_email
        ? { id: row.user_id, email: row.account_email, full_name: row.account_full_name ?? "" }
        : null,
    applicant_name: row.applicant_name,
    payer_iban: maskIban(row.payer_iban),
    age_days: Math.max(0, Math.floor((now.getTime() - row.approved_at.getTime()) / 86_400_000)),
  };
}

export async function listDeposits(
  db: Kysely<DB>,
  query: {
    limit: number;
    offset: number;
    status?: AdminDeposit["status"] | undefined;
    maturity_from?: string | undefined;
    maturity_to?: string | undefined;
  },
  now: Date,
) {
  const filter = { status: query.status, maturityFrom: query.maturity_from, maturityTo: query.maturity_to };
  const [rows, total] = await Promise.all([
    repo.listForAdmin(db, filter, { limit: query.limit, offset: query.offset }),
    repo.countForAdmin(db, filter),
  ]);
  const sums = await repo.ledgerSums(
    db,
    rows.map((r) => r.id),
  );
  return { items: rows.map((row) => toAdminDeposit(row, sums.get(row.id), now)), total };
}

export async function getDeposit(db: Kysely<DB>, id: string, now: Date) {
  const row = await repo.findAdminDeposit(db, id);
  if (!row) throw notFound("deposit_not_found", "This deposit does not exist");
  const [sums, events, entries] = await Promise.all([
    repo.ledgerSums(db, [id]),
    repo.depositEvents(db, id),
    repo.ledgerEntries(db, id),
  ]);
  return {
    ...toAdminDeposit(row, sums.get(id), now),
    events: events.map((e) => ({ type: e.type, at: e.at.toISOString(), details: e.details })),
    entries: entries.map((e) => ({
      kind: e.kind,
      amount: centsToNumber(BigInt(e.amount_cents)),
      value_date: e.value_date,
      source: e.source,
      booked_at: e.booked_at.toISOString(),
    })),
  };
}

/** Staff record a receipt by hand (POST /admin/deposits/{id}/funding); audited. */
export async function recordFunding(
  db: Kysely<DB>,
  admin: User,
  id: string,
  input: { amount: number; value_date: string; payer_iban: string },
  now: Date,
  events: EventBus,
) {
  const amountCents = toCents(input.amount);
  if (amountCents === null)
    throw badRequest("validation_failed", "The amount takes at most two decimal places");
  await db.transaction().execute(async (trx) => {
    await fundDeposit(trx, id, {
      amountCents,
      valueDate: input.value_date,
      payerIban: input.payer_iban,
      source: "manual",
      actorId: admin.id,
      now,
      events,
    });
    await recordAudit(trx, admin, {
      action: "deposit.funded",
      targetType: "deposit",
      targetId: id,
      details: { amount: input.amount, value_date: input.value_date, payer_iban: maskIban(input.payer_iban) },
    });
  });
  return getDeposit(db, id, now);
}

export async function depositSummary(db: Kysely<DB>, now: Date): Promise<DepositSummary> {
  const today = businessDate(now);
  const s = await repo.summary(db, today, addDays(today, 30));
  return {
    funds_under_management: centsToNumber(BigInt(s.fundsCents)),
    principal_invested: centsToNumber(BigInt(s.principalCents)),
    active_investors: s.investors,
    awaiting_funds: { count: s.awaitingCount, amount: centsToNumber(BigInt(s.awaitingCents)) },
    maturing_30_days: { count: s.maturingCount, amount: centsToNumber(BigInt(s.maturingCents)) },
  };
}

/* ------------------------------------------------------------------ bank statements */

type Matched = BankStatementResult["matched"][number];
type Unmatched = BankStatementResult["unmatched"][number];
type EntryView = StatementEntryView;
type UnmatchedReason = Unmatched["reason"];

/** A statement balance in cents: the reader already signs it (negative for a debit balance). */
const signed = (balance: StatementBalance | null) => balance?.amountCents ?? null;

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

function entryView(entry: StatementEntry, key: string): EntryView {
  return {
    key,
    kind: entry.kind,
    direction: entry.direction === "CRDT" ? "credit" : entry.direction === "DBIT" ? "debit" : null,
    amount: entry.amountCents === null ? null : centsToNumber(entry.amountCents),
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

async function depositOfCandidates(db: Kysely<DB>, candidates: readonly string[]) {
  for (const candidate of candidates) {
    const deposit = await repo.findDepositByReference(db, candidate);
    if (deposit) return deposit;
  }
  return undefined;
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

/**
 * Imports a camt.053 statement and reports every entry with what became of it (docs/decisions.md
 * "Statement import"): a credit funds the deposit its RF reference names when it arrived on that
 * deposit's account with the agreed amount from the saver's account, with the bank's value date;
 * otherwise it waits as an unmatched credit, shown with the payer's text. A debit books the
 * payment order its end-to-end id names; a returned payment of ours marks its order returned;
 * reversals, returned incoming payments and entries that cannot be read are listed with their
 * reason. The statement is stored first, unique by its bytes, its content (fingerprint) and its
 * ids, so importing it again changes nothing and answers the first import's result. A dry run
 * books nothing and reports the same outcomes.
 */
export async function importStatement(
  db: Kysely<DB>,
  admin: User,
  input: { xml: string; dry_run: boolean },
  now: Date,
  events: EventBus,
): Promise<BankStatementResult> {
  let statement: ReturnType<typeof parseCamt053>;
  try {
    statement = parseCamt053(input.xml);
  } catch (error) {
    if (error instanceof StatementFormatError) throw badRequest("statement_invalid", error.message);
    throw error;
  }
  const hash = createHash("sha256").update(input.xml).digest("hex");
  const first = statement.statements[0] ?? null;
  const base = {
    format: statement.format,
    message_id: statement.messageId,
    statement_id: statement.statementId,
    account_iban: statement.accountIban ? maskIban(statement.accountIban) : null,
    credits: statement.credits.length,
  };
  type Stored = Pick<
    BankStatementResult,
    "matched" | "unmatched" | "entries" | "opening_balance" | "closing_balance"
  >;
  const balances = {
    opening_balance: (() => {
      const cents = signed(first?.openingBalance ?? null);
      return cents === null ? null : centsToNumber(cents);
    })(),
    closing_balance: (() => {
      const cents = signed(first?.closingBalance ?? null);
      return cents === null ? null : centsToNumber(cents);
    })(),
  };

  const previous = await repo.findImportedStatement(db, {
    hash,
    fingerprint: statement.fingerprint,
    messageId: statement.messageId,
    statementId: statement.statementId,
  });
  if (previous) {
    const stored = previous.result as Partial<Stored>;
    return {
      ...base,
      ...balances,
      id: previous.id,
      already_imported: true,
      dry_run: input.dry_run,
      matched: stored.matched ?? [],
      unmatched: stored.unmatched ?? [],
      entries: stored.entries ?? [],
    };
  }

  return db.transaction().execute(async (trx) => {
    let statementId: string | null = null;
    if (!input.dry_run) {
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
      // A concurrent import of the same statement won the race: it books, this one changes nothing.
      if (!inserted) {
        return {
          ...base,
          ...balances,
          id: null,
          already_imported: true,
          dry_run: false,
          matched: [],
          unmatched: [],
          entries: [],
        };
      }
      statementId = inserted.id;
    }

    const today = businessDate(now);
    const dryRun = input.dry_run;
    const matched: Matched[] = [];
    const unmatched: Unmatched[] = [];
    const views: EntryView[] = [];
    const claimed = new Set<string>();
    const keys = entryKeys(statement.entries);
    const facts: (StatementEntryFacts & { statement: number })[] = [];

    for (const [i, entry] of statement.entries.entries()) {
      const key = keys[i] ?? `#${i + 1}`;
      const view = entryView(entry, key);
      views.push(view);
      const accountIban = statement.statements[entry.position.statement - 1]?.accountIban ?? null;
      const bookingDate = entry.bookingDate ?? entry.valueDate ?? today;
      const ref = { statementId: statementId ?? "", entryKey: key, accountIban, bookingDate };

      switch (entry.kind) {
        case "refused":
          view.outcome = "refused";
          view.reason = entry.refusal?.reason ?? null;
          break;

        case "credit": {
          const credit = creditView(entry);
          const valueDate = entry.valueDate ?? entry.bookingDate ?? today;
          const deposit = entry.reference ? await depositOfCandidates(trx, entry.candidates) : undefined;
          let reason: UnmatchedReason | null = !entry.reference
            ? "no_reference"
            : !deposit
              ? "unknown_reference"
              : creditProblem(entry, deposit, accountIban, valueDate, today, claimed.has(deposit.id));
          if (deposit) {
            view.deposit_id = deposit.id;
            credit.reference = deposit.reference;
          }
          if (!reason && deposit) {
            claimed.add(deposit.id);
            if (!dryRun) {
              try {
                await fundDeposit(trx, deposit.id, {
                  amountCents: entry.amountCents ?? 0n,
                  valueDate,
                  payerIban: entry.counterpartyIban ?? "",
                  source: "statement",
                  bankStatementId: statementId,
                  statementEntryKey: key,
                  actorId: admin.id,
                  now,
                  events,
                });
              } catch (error) {
                // The checks above mirror fundDeposit's; a refusal here names its own reason.
                if (!(error instanceof AppError && error.statusCode < 500)) throw error;
                reason =
                  error.code === "invalid_value_date"
                    ? valueDate > today
                      ? "value_date_in_future"
                      : "value_date_before_approval"
                    : error.code === "payer_iban_mismatch" || error.code === "amount_mismatch"
                      ? error.code
                      : "not_awaiting_funds";
              }
            }
          }
          if (!reason && deposit) {
            view.outcome = "funded";
            matched.push({ ...credit, deposit_id: deposit.id });
            break;
          }
          view.outcome = "unmatched";
          view.reason = reason;
          unmatched.push({
            ...credit,
            reason: reason ?? "unknown_reference",
            deposit_id: deposit?.id ?? null,
          });
          if (!dryRun && accountIban && entry.amountCents !== null) {
            view.unmatched_credit_id = await payments.recordUnmatchedCredit(
              trx,
              events,
              {
                ...ref,
                accountIban,
                amountCents: entry.amountCents,
                currency: entry.currency ?? "EUR",
                valueDate: entry.valueDate,
                payerName: entry.counterpartyName,
                payerIban: entry.counterpartyIban,
                remittance: entry.remittanceText,
                reason: reason ?? "unknown_reference",
                depositId: deposit?.id ?? null,
              },
              now,
            );
          }
          break;
        }

        case "debit": {
          const booked = await payments.bookDebit(
            trx,
            events,
            { ...ref, endToEndId: entry.endToEndId, amountCents: entry.amountCents ?? 0n, dryRun },
            admin,
            now,
          );
          view.payment_order_id = booked.orderId;
          view.outcome = booked.outcome === "unmatched" ? "unmatched" : "booked_order";
          view.reason = booked.outcome === "unmatched" ? booked.reason : null;
          break;
        }

        case "return": {
          const returned = entry.returned;
          if (returned?.payment === "outgoing") {
            const result = await payments.returnOrder(
              trx,
              events,
              {
                ...ref,
                originalEndToEndId: returned.originalEndToEndId,
                reasonCode: returned.reasonCode,
                dryRun,
              },
              admin,
              now,
            );
            view.payment_order_id = result.orderId;
            view.outcome = result.outcome === "unmatched" ? "unmatched" : "returned_order";
            view.reason = result.outcome === "unmatched" ? result.reason : returned.reasonCode;
          } else {
            // An incoming payment the bank sent back to its payer: staff check the deposit it names.
            const deposit = await depositOfCandidates(trx, entry.candidates);
            view.outcome = "unmatched";
            view.reason = `incoming_payment_returned${returned?.reasonCode ? `:${returned.reasonCode}` : ""}`;
            view.deposit_id = deposit?.id ?? null;
          }
          break;
        }

        case "reversal": {
          // A reversal undoes an earlier entry. A reversed credit that funded a deposit leaves the
          // deposit active: staff decide (the money may come again), so it is reported, not undone.
          const deposit =
            entry.reverses?.direction === "CRDT"
              ? await depositOfCandidates(trx, entry.candidates)
              : undefined;
          view.outcome = "unmatched";
          view.deposit_id = deposit?.id ?? null;
          view.reason =
            deposit && deposit.status !== "awaiting_funds"
              ? "reversal_of_funding_credit"
              : `reversal_of_${entry.reverses?.direction === "DBIT" ? "debit" : "credit"}`;
          break;
        }
      }

      facts.push({
        statement: entry.position.statement,
        key,
        direction: entry.direction === "DBIT" ? "debit" : "credit",
        amountCents: entry.amountCents === null ? 0 : Number(entry.amountCents),
        bookingDate,
        valueDate: entry.valueDate,
        reversal: entry.reversalIndicator,
        endToEndId: entry.endToEndId,
        outcome: view.outcome,
      });
    }

    const result: Stored = { matched, unmatched, entries: views, ...balances };
    if (statementId) {
      await repo.setStatementResult(trx, statementId, matched.length, JSON.stringify(result));
      // The bank's view of each account, after its entries' own events (the books reconcile to it).
      for (const [s, account] of statement.statements.entries()) {
        if (!account.accountIban) continue;
        const opening = signed(account.openingBalance);
        const closing = signed(account.closingBalance);
        await payments.statementImported(
          trx,
          events,
          {
            statementId,
            accountIban: account.accountIban,
            openingBalanceCents: opening === null ? null : Number(opening),
            closingBalanceCents: closing === null ? null : Number(closing),
            closingDate: account.closingBalance?.date ?? null,
            entries: facts.filter((f) => f.statement === s + 1).map(({ statement: _, ...f }) => f),
          },
          now,
        );
      }
      await recordAudit(trx, admin, {
        action: "bank_statement.imported",
        targetType: "bank_statement",
        targetId: statementId,
        details: {
          message_id: statement.messageId,
          entries: statement.entries.length,
          credits: statement.credits.length,
          matched: matched.length,
        },
      });
    }
    return { ...base, id: statementId, already_imported: false, dry_run: dryRun, ...result };
  });
}

export async function listStatements(db: Kysely<DB>, page: { limit: number; offset: number }) {
  const [rows, total] = await Promise.all([repo.listStatements(db, page), repo.countStatements(db)]);
  return {
    items: rows.map((r) => ({
      ...r,
      account_iban: r.account_iban ? maskIban(r.account_iban) : null,
      imported_at: r.imported_at.toISOString(),
    })),
    total,
  };
}

/** What the scheduler will do next, what waits for a retry and what failed (for staff). */
export async function jobsOverview(db: Kysely<DB>) {
  const { next, retrying, failed } = await repo.jobsOverview(db);
  const view = (r: (typeof next)[number]) => ({ ...r, id: Number(r.id), run_at: r.run_at.toISOString() });
  return { next: next.map(view), retrying: retrying.map(view), failed: failed.map(view) };
}
