import {
  type BankException,
  type BankExceptionActionCode,
  BOOKS_CURRENCY,
  FOUR_EYES_ACTIONS,
  maskIban,
  money,
  moneyToJsonNumber,
  type User,
} from "@festgeld/domain";
import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { BankExceptionKind } from "../../db/tables/payments.ts";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors.ts";
import type { EventBus, EventSubscriber } from "../../plugins/events.ts";
import { recordAudit } from "../audit/audit.service.ts";
import * as repo from "./bank-exceptions.repository.ts";
import * as payments from "./payments.repository.ts";
import type { EntryRef } from "./payments.service.ts";
import { invalidOrder, orderCreditReturn, orderProblem, SYSTEM_ACTOR } from "./payments.service.ts";

/**
 * The exception queue (docs/decisions.md "Bank exceptions: every statement entry ends somewhere"):
 * a statement entry the import could not settle by itself (a credit no deposit awaits, a credit in
 * another currency, a debit no order names, a partial return, a reversal, an unreadable entry) waits
 * here until staff settle it with an action that fits it. Returning a credit to its payer and
 * writing off are requested by one staff member and released by a second.
 */

type Db = Kysely<DB> | Transaction<DB>;

/** An exception as the deposits module needs it to fund a deposit from it. */
export type BankExceptionRow = repo.BankExceptionRow;

export interface NewException extends EntryRef {
  accountIban: string;
  kind: BankExceptionKind;
  direction: "credit" | "debit" | null;
  reason: string;
  amountCents: bigint | null;
  amountText: string | null;
  currency: string | null;
  valueDate: string | null;
  counterpartyName: string | null;
  counterpartyIban: string | null;
  remittance: string | null;
  endToEndId: string | null;
  depositId: string | null;
  paymentOrderId: string | null;
  /** A euro credit the import booked into suspense (credit_unmatched) and kept as an unmatched credit. */
  unmatchedCreditId: string | null;
}

/** Records statement entries in the queue, in the import's transaction, in one statement per chunk. */
export async function recordExceptions(trx: Db, inputs: readonly NewException[], now: Date): Promise<void> {
  await repo.insertExceptions(
    trx,
    inputs.map((input) => ({
      bank_statement_id: input.statementId,
      entry_key: input.entryKey,
      account_iban: input.accountIban,
      kind: input.kind,
      direction: input.direction,
      reason: input.reason.slice(0, 200),
      amount_cents: input.amountCents,
      amount_text: input.amountText?.slice(0, 100) ?? null,
      currency: input.currency,
      booking_date: input.bookingDate,
      value_date: input.valueDate,
      counterparty_name: input.counterpartyName,
      counterparty_iban: input.counterpartyIban,
      remittance: input.remittance,
      end_to_end_id: input.endToEndId,
      deposit_id: input.depositId,
      payment_order_id: input.paymentOrderId,
      unmatched_credit_id: input.unmatchedCreditId,
      created_at: now,
    })),
  );
}

/**
 * What staff may do with an exception: a euro credit waiting in suspense goes back to its payer,
 * funds a deposit or is written off; a euro debit the books do not have is a bank fee or written off;
 * anything else (another currency, an amount that cannot be read, an entry not booked) moves nothing
 * in the euro books and is settled outside the platform, with a note.
 */
export function actionsFor(row: repo.BankExceptionRow): BankExceptionActionCode[] {
  if (row.status !== "open") return [];
  const euro = row.kind !== "refused" && row.currency === "EUR" && row.amount_cents !== null;
  if (euro && row.direction === "credit" && row.unmatched_credit_id)
    return ["return_to_payer", "assign_to_deposit", "write_off"];
  if (euro && row.direction === "debit") return ["bank_fee", "write_off"];
  return ["handled_outside"];
}

/**
 * An entry's cents as the contract's number: the statement reader reads every amount at two places
 * (deposits/camt053.ts), whatever its currency, so they are read back at the books' two.
 */
const amountOf = (cents: bigint | null) =>
  cents === null ? null : moneyToJsonNumber(money(cents, BOOKS_CURRENCY));

function toView(row: repo.BankExceptionListRow): BankException {
  return {
    id: row.id,
    bank_statement_id: row.bank_statement_id,
    entry_key: row.entry_key,
    account_iban: row.account_iban,
    kind: row.kind,
    direction: row.direction,
    reason: row.reason,
    amount: amountOf(row.amount_cents),
    amount_text: row.amount_text,
    currency: row.currency,
    booking_date: row.booking_date,
    value_date: row.value_date,
    counterparty_name: row.counterparty_name,
    counterparty_iban: row.counterparty_iban ? maskIban(row.counterparty_iban) : null,
    remittance: row.remittance,
    end_to_end_id: row.end_to_end_id,
    deposit_id: row.deposit_id,
    payment_order_id: row.payment_order_id,
    unmatched_credit_id: row.unmatched_credit_id,
    status: row.status,
    actions: actionsFor(row),
    action: row.action,
    action_reason: row.action_reason,
    action_deposit_id: row.action_deposit_id,
    action_by: row.action_by ? { id: row.action_by, email: row.action_by_email ?? "" } : null,
    action_at: row.action_at?.toISOString() ?? null,
    released_by: row.released_by ? { id: row.released_by, email: row.released_by_email ?? "" } : null,
    released_at: row.released_at?.toISOString() ?? null,
    return_order_id: row.return_order_id,
    created_at: row.created_at.toISOString(),
  };
}

export async function listExceptions(
  db: Kysely<DB>,
  query: { limit: number; offset: number; status?: BankException["status"] | undefined },
) {
  const filter = { status: query.status };
  const [rows, total] = await Promise.all([
    repo.listExceptions(db, filter, { limit: query.limit, offset: query.offset }),
    repo.countExceptions(db, filter),
  ]);
  return { items: rows.map(toView), total };
}

async function viewOf(db: Db, id: string): Promise<BankException> {
  const [row] = await repo.listExceptions(db, { ids: [id] }, { limit: 1, offset: 0 });
  if (!row) throw notFound("bank_exception_not_found", "This exception does not exist");
  return toView(row);
}

async function lockOrThrow(trx: Db, id: string) {
  const row = await repo.lockException(trx, id);
  if (!row) throw notFound("bank_exception_not_found", "This exception does not exist");
  return row;
}

const required = (field: string, detail: string) =>
  badRequest("validation_failed", detail, [
    { path: `body.${field}`, message: detail, code: "validation_failed" },
  ]);

/** The partner bank account a credit return leaves from: the configured one, a bank's, or a deposit's. */
export interface ReturnSettings {
  fallbackBank: { holder: string; iban: string; bic: string };
}

/** What the deposits module does to fund a deposit from a credit waiting in suspense. */
export type FundFromSuspense = (
  trx: Transaction<DB>,
  exception: repo.BankExceptionRow,
  depositId: string,
) => Promise<void>;

/** Publishes the journal's entry for a bank fee or a write-off. */
async function settle(
  trx: Db,
  events: EventBus,
  row: repo.BankExceptionRow,
  action: "bank_fee" | "write_off",
  actorId: string | null,
  now: Date,
) {
  await events.publish(
    "payment",
    {
      kind: "exception_settled",
      at: now,
      exceptionId: row.id,
      action,
      accountIban: row.account_iban,
      direction: row.direction ?? "debit",
      amountCents: row.amount_cents ?? 0n,
      inSuspense: row.unmatched_credit_id !== null,
      bookingDate: row.booking_date ?? "",
      statementId: row.bank_statement_id,
      statementEntryKey: row.entry_key,
      actorId,
    },
    trx,
  );
}

const auditDetails = (row: repo.BankExceptionRow, extra: Record<string, unknown>) => ({
  kind: row.kind,
  amount_cents: row.amount_cents === null ? null : String(row.amount_cents),
  currency: row.currency,
  bank_statement_id: row.bank_statement_id,
  entry_key: row.entry_key,
  ...extra,
});

/**
 * Staff settle an exception. return_to_payer and write_off wait for a second staff member
 * (`releaseAction`); bank_fee, assign_to_deposit and handled_outside take effect at once.
 */
export async function requestAction(
  db: Kysely<DB>,
  admin: User,
  id: string,
  input: { action: BankExceptionActionCode; reason?: string | undefined; deposit_id?: string | undefined },
  now: Date,
  events: EventBus,
  fund: FundFromSuspense,
): Promise<BankException> {
  return db.transaction().execute(async (trx) => {
    const row = await lockOrThrow(trx, id);
    if (row.status !== "open")
      throw conflict("bank_exception_not_open", "This exception is settled or waits for a release");
    if (!actionsFor(row).includes(input.action))
      throw conflict(
        "bank_exception_action_not_allowed",
        `${input.action} does not fit this entry; possible: ${actionsFor(row).join(", ")}`,
      );
    if ((input.action === "write_off" || input.action === "handled_outside") && !input.reason)
      throw required("reason", "Give the reason");
    if (input.action === "assign_to_deposit" && !input.deposit_id)
      throw required("deposit_id", "Name the deposit");
    if (input.action === "return_to_payer" && !row.counterparty_iban)
      throw conflict("bank_exception_no_payer", "The statement does not name the payer's IBAN");
    // A return the bank's file could not carry (a payer outside SEPA, a name it cannot write) is refused
    // when asked for, not when the second person releases it (docs/decisions.md "Held payment orders").
    if (input.action === "return_to_payer" && row.counterparty_iban) {
      const problem = orderProblem({
        creditorIban: row.counterparty_iban,
        creditorName: row.counterparty_name ?? "Unknown payer",
        amountCents: row.amount_cents ?? 0n,
        currency: row.currency ?? undefined,
      });
      if (problem) throw invalidOrder(problem);
    }
    const requested = {
      action: input.action,
      action_reason: input.reason ?? null,
      action_deposit_id: input.deposit_id ?? null,
      action_by: admin.id,
      action_at: now,
    };
    if (FOUR_EYES_ACTIONS.includes(input.action)) {
      await repo.updateException(trx, row.id, { ...requested, status: "pending_release" });
      await recordAudit(trx, admin, {
        action: "bank_exception.requested",
        targetType: "bank_exception",
        targetId: row.id,
        details: auditDetails(row, { action: input.action, reason: input.reason ?? null }),
      });
      return viewOf(trx, row.id);
    }
    if (input.action === "bank_fee") await settle(trx, events, row, "bank_fee", admin.id, now);
    if (input.action === "assign_to_deposit" && input.deposit_id) {
      // The deposit's own refusal (not awaiting funds, another amount or payer) tells staff why.
      await fund(trx, row, input.deposit_id);
      if (row.unmatched_credit_id)
        await payments.updateUnmatchedCredit(trx, row.unmatched_credit_id, { status: "assigned" });
    }
    await repo.updateException(trx, row.id, { ...requested, status: "resolved" });
    await recordAudit(trx, admin, {
      action: "bank_exception.resolved",
      targetType: "bank_exception",
      targetId: row.id,
      details: auditDetails(row, {
        action: input.action,
        reason: input.reason ?? null,
        deposit_id: input.deposit_id ?? null,
      }),
    });
    return viewOf(trx, row.id);
  });
}

/**
 * A second staff member releases the action the first requested: the credit's return order is
 * created, or the write-off booked. The one who requested it cannot release it (403).
 */
export async function releaseAction(
  db: Kysely<DB>,
  admin: User,
  id: string,
  now: Date,
  events: EventBus,
  settings: ReturnSettings,
): Promise<BankException> {
  return db.transaction().execute(async (trx) => {
    const row = await lockOrThrow(trx, id);
    if (row.status !== "pending_release" || !row.action)
      throw conflict("bank_exception_not_pending", "Nothing waits for a release on this exception");
    if (row.action_by === admin.id)
      throw new AppError(
        403,
        "bank_exception_release_own",
        "A second staff member must release what you requested",
      );
    let returnOrderId: string | null = null;
    if (row.action === "return_to_payer" && row.unmatched_credit_id) {
      const credit = await payments.lockUnmatchedCredit(trx, row.unmatched_credit_id);
      if (!credit) throw notFound("unmatched_credit_not_found", "The credit of this exception is gone");
      returnOrderId = (await orderCreditReturn(trx, credit, admin, now, events, settings.fallbackBank)).id;
    }
    if (row.action === "write_off") {
      await settle(trx, events, row, "write_off", admin.id, now);
      if (row.unmatched_credit_id)
        await payments.updateUnmatchedCredit(trx, row.unmatched_credit_id, { status: "written_off" });
    }
    await repo.updateException(trx, row.id, {
      status: "resolved",
      released_by: admin.id,
      released_at: now,
      return_order_id: returnOrderId,
    });
    await recordAudit(trx, admin, {
      action: "bank_exception.released",
      targetType: "bank_exception",
      targetId: row.id,
      details: auditDetails(row, {
        action: row.action,
        reason: row.action_reason,
        requested_by: row.action_by,
        released_by: admin.id,
        return_order_id: returnOrderId,
      }),
    });
    return viewOf(trx, row.id);
  });
}

/**
 * A credit's return order cancelled before it reached the bank puts the credit back: it is open
 * again in the queue (and as an unmatched credit), the money in suspense again (the journal reverses
 * the order), so staff can settle it anew.
 */
export const reopenOnCancelledReturn: EventSubscriber<"payment"> = async (event, trx) => {
  if (event.kind !== "order_cancelled" || event.order.source !== "credit_return") return;
  const order = await payments.findOrder(trx, event.order.id);
  if (order?.unmatched_credit_id)
    await payments.updateUnmatchedCredit(trx, order.unmatched_credit_id, { status: "open" });
  const row = await repo.lockExceptionOfReturnOrder(trx, event.order.id);
  if (!row) return;
  await repo.updateException(trx, row.id, {
    status: "open",
    action: null,
    action_reason: null,
    action_deposit_id: null,
    action_by: null,
    action_at: null,
    released_by: null,
    released_at: null,
    return_order_id: null,
  });
  await recordAudit(trx as Kysely<DB>, SYSTEM_ACTOR, {
    action: "bank_exception.reopened",
    targetType: "bank_exception",
    targetId: row.id,
    details: auditDetails(row, { cancelled_order_id: event.order.id, cancelled_by: event.actorId }),
  });
};

/** What waits in the queue for an account, booked up to a day (the reconciliation lists it). */
export async function openExceptionsOf(db: Db, accountIban: string, date: string) {
  const rows = await repo.openExceptionsOf(db, accountIban, date);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    reason: r.reason,
    amount: amountOf(r.amount_cents),
    currency: r.currency,
    booking_date: r.booking_date,
    end_to_end_id: r.end_to_end_id,
    status: r.status,
  }));
}
