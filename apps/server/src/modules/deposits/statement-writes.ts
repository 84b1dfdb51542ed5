import { addMonths, type User } from "@festgeld/domain";
import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { EventBus } from "../../plugins/events.ts";
import { type NewException, recordExceptions } from "../payments/bank-exceptions.service.ts";
import * as payments from "../payments/payments.service.ts";
import { depositFigures } from "./deposit.mapper.ts";
import { onDepositEvents } from "./deposit-events.ts";
import * as repo from "./deposits.repository.ts";
import { fundsReceived, JOB_NAMES, maturityJobs } from "./deposits.service.ts";
import { BOOK_CURRENCY } from "./statement-checks.ts";
import type { EntryContext, Funding, PendingException, Settlement } from "./statement-matching.ts";

/**
 * Writing what a statement's entries do (statement-matching.ts), set-based (docs/decisions.md
 * "Statement import at scale"): the fundings, the bookings, the returns, the unmatched credits and
 * the exceptions each in a few statements, their events published as one batch in a batch
 * transaction (the journal books them set-based, the savers' messages are queued), one by one in a
 * small statement's.
 */

interface WriteRun {
  trx: Transaction<DB>;
  admin: User;
  now: Date;
  events: EventBus;
  statementId: string;
}

/**
 * The statement's credits that fund deposits, as `fundDeposit` would each (the deposits were read
 * locked and checked by the matching): funded in one statement per chunk, their maturity jobs
 * scheduled and lapse checks cancelled in one each, `funds_received` recorded for each.
 */
async function fundDeposits(run: WriteRun, fundings: readonly Funding[]) {
  if (fundings.length === 0) return;
  const maturities = fundings.map((f) => addMonths(f.valueDate, f.deposit.duration_months));
  const funded = await repo.markFundedMany(
    run.trx,
    fundings.map((f, i) => ({
      id: f.deposit.id,
      valueDate: f.valueDate,
      maturityDate: maturities[i] as string,
    })),
    run.now,
  );
  const rows = fundings.map((f) => {
    const row = funded.get(f.deposit.id);
    if (!row)
      throw new Error(`deposit ${f.deposit.id} stopped awaiting funds while its statement was imported`);
    return row;
  });
  await repo.scheduleJobs(
    run.trx,
    rows.flatMap((row, i) => maturityJobs(row.id, maturities[i] as string, depositFigures(row).plan)),
  );
  await repo.cancelJobs(
    run.trx,
    rows.map((row) => `${JOB_NAMES.lapse}:${row.id}`),
    run.now,
  );
  const recorded = fundings.map((f, i) =>
    fundsReceived(
      rows[i] as repo.DepositRow,
      {
        amountCents: f.context.entry.amountCents ?? 0n,
        valueDate: f.valueDate,
        source: "statement",
        bankStatementId: run.statementId,
        statementEntryKey: f.context.key,
        now: run.now,
      },
      maturities[i] as string,
    ),
  );
  await onDepositEvents(run.trx, run.events, recorded, run.admin.id, "when_marked");
}

/** A euro credit waiting for staff is money on the account no deposit or order awaited: into suspense. */
const inSuspense = ({ context: { entry } }: PendingException) =>
  entry.kind !== "refused" &&
  entry.direction === "CRDT" &&
  entry.currency === BOOK_CURRENCY &&
  entry.amountCents !== null;

const refOf = (run: WriteRun, c: EntryContext) => ({
  statementId: run.statementId,
  entryKey: c.key,
  accountIban: c.accountIban,
  bookingDate: c.bookingDate,
});

/**
 * The entries that wait for staff, in the exception queue; a euro credit among them is also booked
 * into suspense and kept as an unmatched credit (credit_unmatched); anything else moves nothing in
 * the books until staff settle it.
 */
async function recordWaiting(run: WriteRun, waiting: readonly PendingException[]) {
  if (waiting.length === 0) return;
  const credits = await payments.recordUnmatchedCredits(
    run.trx,
    run.events,
    waiting.filter(inSuspense).map(
      ({ context: c, reason, depositId }): payments.NewUnmatchedCredit => ({
        ...refOf(run, c),
        amountCents: c.entry.amountCents ?? 0n,
        currency: BOOK_CURRENCY,
        valueDate: c.entry.valueDate,
        payerName: c.entry.counterpartyName,
        payerIban: c.entry.counterpartyIban,
        remittance: c.entry.remittanceText,
        reason,
        depositId,
      }),
    ),
    run.now,
  );
  const exceptions = waiting.map((waits): NewException => {
    const { context: c, reason, depositId, paymentOrderId } = waits;
    const { entry } = c;
    const unmatchedCreditId = inSuspense(waits) ? (credits.get(c.key) ?? null) : null;
    if (inSuspense(waits)) c.view.unmatched_credit_id = unmatchedCreditId;
    return {
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
      depositId,
      paymentOrderId,
      unmatchedCreditId,
    };
  });
  await recordExceptions(run.trx as Kysely<DB> | Transaction<DB>, exceptions, run.now);
}

/** Writes what the statement's entries do, in the order an entry-by-entry import would leave it. */
export async function writeSettlement(run: WriteRun, settlement: Settlement) {
  await fundDeposits(run, settlement.fundings);
  await payments.bookOrders(run.trx, run.events, settlement.bookings, run.admin, run.now);
  await payments.returnOrders(run.trx, run.events, settlement.returns, run.admin, run.now);
  await recordWaiting(run, settlement.exceptions);
}
