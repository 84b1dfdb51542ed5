import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { EventBus } from "../../plugins/events.ts";
import { recordAudits } from "../audit/audit.service.ts";
import { auditEvent, type Db, orderFacts, type PaymentActor } from "./order-records.ts";
import type { PaymentEvent, PaymentOrderFacts, StatementEntryFacts } from "./payment-events.ts";
import * as repo from "./payments.repository.ts";

/** Where a statement entry comes from, as the events name it. */
export interface EntryRef {
  statementId: string;
  entryKey: string;
  accountIban: string | null;
  bookingDate: string;
}

/** Why a statement debit cannot book the order its end-to-end id names, or null when it books it. */
export function debitProblem(
  order: repo.PaymentOrderRow | null | undefined,
  accountIban: string | null,
  amountCents: bigint,
): string | null {
  if (!order) return "unknown_end_to_end_id";
  if (order.status !== "submitted") return `order_${order.status}`;
  if (accountIban !== order.debtor_iban) return "wrong_account";
  if (order.amount_cents !== amountCents) return "amount_mismatch";
  return null;
}

/**
 * Why a returned payment of ours (a credit naming the original end-to-end id) or the bank's reversal
 * of its booking (`RvslInd`) cannot return the order, or null when it does: the order, submitted or
 * already booked, must come back in full, in euro. Any other amount (a part of it) moves nothing: it
 * is `partial_return` and waits for staff as an exception, so the order cannot be paid twice.
 */
export function returnProblem(
  order: repo.PaymentOrderRow | null | undefined,
  accountIban: string | null,
  amountCents: bigint,
  currency: string | null,
): string | null {
  if (!order) return "unknown_end_to_end_id";
  if (order.status !== "submitted" && order.status !== "booked") return `order_${order.status}`;
  if (accountIban !== order.debtor_iban) return "wrong_account";
  if (currency !== "EUR" || order.amount_cents !== amountCents) return "partial_return";
  return null;
}

/**
 * The orders a statement names, by end-to-end id, read (and, booking, locked) in one statement before
 * its entries are settled; an id without an order maps to null. The import keeps it current with what
 * its entries change.
 */
export type KnownOrders = Map<string, repo.PaymentOrderRow | null>;

export async function knownOrders(
  trx: Db,
  endToEndIds: readonly string[],
  dryRun: boolean,
): Promise<KnownOrders> {
  const ids = [...new Set(endToEndIds)];
  const known: KnownOrders = new Map(ids.map((id) => [id, null]));
  if (ids.length === 0) return known;
  for (const row of await repo.ordersByEndToEndIds(trx, ids, !dryRun)) known.set(row.end_to_end_id, row);
  return known;
}

/** A debit of the statement that books an order (checked with `debitProblem`). */
export interface Booking extends EntryRef {
  orderId: string;
}

/** A return or reversal of the statement that returns an order (checked with `returnProblem`). */
export interface OrderReturn extends EntryRef {
  orderId: string;
  reasonCode: string | null;
  reversal: boolean;
}

/** An order a statement entry settles: the value `settleOrders` sets, the audit's details, the event. */
interface Settled {
  orderId: string;
  value: string | null;
  details: Record<string, unknown>;
  event: (order: PaymentOrderFacts) => PaymentEvent;
}

/**
 * Orders a statement settles, set-based: updated in one statement per chunk, audited in one, and an
 * event published for each (as one batch in a batch transaction).
 */
async function settle(
  trx: Db,
  events: EventBus,
  status: "booked" | "returned",
  items: readonly Settled[],
  actor: PaymentActor,
  now: Date,
): Promise<void> {
  if (items.length === 0) return;
  const rows = await repo.settleOrders(
    trx,
    status,
    items.map((i) => ({ id: i.orderId, value: i.value })),
    now,
  );
  const settled = items.map((item) => {
    const row = rows.get(item.orderId);
    if (!row) throw new Error(`payment order ${item.orderId} vanished while its statement was booked`);
    return { item, row };
  });
  const action = status === "booked" ? "payment.booked" : "payment.returned";
  await recordAudits(
    trx as Kysely<DB>,
    actor,
    settled.map(({ item, row }) => auditEvent(action, row, item.details)),
  );
  await events.publishAll(
    "payment",
    settled.map(({ item, row }) => item.event(orderFacts(row))),
    trx,
  );
}

const entryOf = (ref: EntryRef) => ({ statement_id: ref.statementId, statement_entry_key: ref.entryKey });

/** The statement's debits that book orders (`order_booked`, on the bank's booking date). */
export function bookOrders(
  trx: Db,
  events: EventBus,
  bookings: readonly Booking[],
  actor: PaymentActor,
  now: Date,
): Promise<void> {
  const items = bookings.map(
    (b): Settled => ({
      orderId: b.orderId,
      value: b.bookingDate,
      details: { booking_date: b.bookingDate, ...entryOf(b) },
      event: (order) => ({
        kind: "order_booked",
        at: now,
        order,
        bookingDate: b.bookingDate,
        statementId: b.statementId,
        statementEntryKey: b.entryKey,
      }),
    }),
  );
  return settle(trx, events, "booked", items, actor, now);
}

/** The statement's returns and reversals of our payments (`order_returned`, with the bank's reason code). */
export function returnOrders(
  trx: Db,
  events: EventBus,
  returns: readonly OrderReturn[],
  actor: PaymentActor,
  now: Date,
): Promise<void> {
  const items = returns.map(
    (r): Settled => ({
      orderId: r.orderId,
      value: r.reasonCode ?? (r.reversal ? "RVSL" : null),
      details: { reason_code: r.reasonCode, reversal: r.reversal, ...entryOf(r) },
      event: (order) => ({
        kind: "order_returned",
        at: now,
        order,
        bookingDate: r.bookingDate,
        reasonCode: r.reasonCode,
        ...(r.reversal ? { reversal: true } : {}),
        statementId: r.statementId,
        statementEntryKey: r.entryKey,
      }),
    }),
  );
  return settle(trx, events, "returned", items, actor, now);
}

/** The statement as the books need it, after its entries' own events. */
export async function statementImported(
  trx: Db,
  events: EventBus,
  statement: {
    statementId: string;
    accountIban: string;
    openingBalanceCents: bigint | null;
    closingBalanceCents: bigint | null;
    closingDate: string | null;
    entries: StatementEntryFacts[];
  },
  now: Date,
) {
  await events.publish("payment", { kind: "statement_imported", at: now, ...statement }, trx);
}
