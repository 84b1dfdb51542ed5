import type { EventBus } from "../../plugins/events.ts";
import { audit, type Db, orderFacts, type PaymentActor } from "./order-records.ts";
import type { StatementEntryFacts } from "./payment-events.ts";
import * as repo from "./payments.repository.ts";

/** Where a statement entry comes from, as the events name it. */
export interface EntryRef {
  statementId: string;
  entryKey: string;
  accountIban: string | null;
  bookingDate: string;
}

export type DebitOutcome =
  | { outcome: "booked_order" | "returned_order"; orderId: string }
  | { outcome: "unmatched"; orderId: string | null; reason: string };

/** Why a statement debit cannot book an order, or null when it books it. */
function debitProblem(
  order: repo.PaymentOrderRow | undefined,
  accountIban: string | null,
  amountCents: bigint,
): string | null {
  if (!order) return "unknown_end_to_end_id";
  if (order.status !== "submitted") return `order_${order.status}`;
  if (accountIban !== order.debtor_iban) return "wrong_account";
  if (BigInt(order.amount_cents) !== amountCents) return "amount_mismatch";
  return null;
}

/**
 * The orders a statement names, by end-to-end id, read (and, booking, locked) in one statement before
 * its entries are settled; an id without an order maps to null. `bookDebit` and `returnOrder` read
 * from it and keep it current with what they change.
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

async function orderOfEndToEndId(trx: Db, endToEndId: string, dryRun: boolean, known?: KnownOrders) {
  if (known?.has(endToEndId)) return known.get(endToEndId) ?? undefined;
  return dryRun ? repo.findOrderByEndToEndId(trx, endToEndId) : repo.lockOrderByEndToEndId(trx, endToEndId);
}

/**
 * A debit of the statement: the order with its end-to-end id is booked when it was submitted from
 * this account for this amount (`order_booked`); otherwise the reason is reported. With `dryRun`
 * nothing changes.
 */
export async function bookDebit(
  trx: Db,
  events: EventBus,
  entry: EntryRef & { endToEndId: string | null; amountCents: bigint; dryRun: boolean },
  actor: PaymentActor,
  now: Date,
  known?: KnownOrders,
): Promise<DebitOutcome> {
  if (!entry.endToEndId) return { outcome: "unmatched", orderId: null, reason: "no_end_to_end_id" };
  const order = await orderOfEndToEndId(trx, entry.endToEndId, entry.dryRun, known);
  const problem = debitProblem(order, entry.accountIban, entry.amountCents);
  if (problem || !order) return { outcome: "unmatched", orderId: order?.id ?? null, reason: problem ?? "" };
  if (entry.dryRun) return { outcome: "booked_order", orderId: order.id };
  const updated = await repo.updateOrder(trx, order.id, {
    status: "booked",
    booking_date: entry.bookingDate,
    updated_at: now,
  });
  known?.set(updated.end_to_end_id, updated);
  await audit(trx, actor, "payment.booked", updated, {
    booking_date: entry.bookingDate,
    statement_id: entry.statementId,
    statement_entry_key: entry.entryKey,
  });
  await events.publish(
    "payment",
    {
      kind: "order_booked",
      at: now,
      order: orderFacts(updated),
      bookingDate: entry.bookingDate,
      statementId: entry.statementId,
      statementEntryKey: entry.entryKey,
    },
    trx,
  );
  return { outcome: "booked_order", orderId: order.id };
}

/**
 * A returned payment of ours (a credit naming the original end-to-end id), or the bank's reversal
 * of its booking of our payment (`RvslInd`, naming the order's end-to-end id): the order, submitted
 * or already booked, becomes returned (`order_returned`) with the bank's reason code, when the entry
 * brings back its full amount in euro. Any other amount (a part of it) moves nothing: it is reported
 * `partial_return` and waits for staff as an exception, so the order cannot be paid twice.
 */
export async function returnOrder(
  trx: Db,
  events: EventBus,
  entry: EntryRef & {
    originalEndToEndId: string | null;
    reasonCode: string | null;
    amountCents: bigint;
    currency: string | null;
    reversal: boolean;
    dryRun: boolean;
  },
  actor: PaymentActor,
  now: Date,
  known?: KnownOrders,
): Promise<DebitOutcome> {
  if (!entry.originalEndToEndId) return { outcome: "unmatched", orderId: null, reason: "no_end_to_end_id" };
  const order = await orderOfEndToEndId(trx, entry.originalEndToEndId, entry.dryRun, known);
  if (!order) return { outcome: "unmatched", orderId: null, reason: "unknown_end_to_end_id" };
  if (order.status !== "submitted" && order.status !== "booked")
    return { outcome: "unmatched", orderId: order.id, reason: `order_${order.status}` };
  if (entry.accountIban !== order.debtor_iban)
    return { outcome: "unmatched", orderId: order.id, reason: "wrong_account" };
  if (entry.currency !== "EUR" || BigInt(order.amount_cents) !== entry.amountCents)
    return { outcome: "unmatched", orderId: order.id, reason: "partial_return" };
  if (entry.dryRun) return { outcome: "returned_order", orderId: order.id };
  const updated = await repo.updateOrder(trx, order.id, {
    status: "returned",
    return_reason: entry.reasonCode ?? (entry.reversal ? "RVSL" : null),
    updated_at: now,
  });
  known?.set(updated.end_to_end_id, updated);
  await audit(trx, actor, "payment.returned", updated, {
    reason_code: entry.reasonCode,
    reversal: entry.reversal,
    statement_id: entry.statementId,
    statement_entry_key: entry.entryKey,
  });
  await events.publish(
    "payment",
    {
      kind: "order_returned",
      at: now,
      order: orderFacts(updated),
      bookingDate: entry.bookingDate,
      reasonCode: entry.reasonCode,
      ...(entry.reversal ? { reversal: true } : {}),
      statementId: entry.statementId,
      statementEntryKey: entry.entryKey,
    },
    trx,
  );
  return { outcome: "returned_order", orderId: order.id };
}

/** The statement as the books need it, after its entries' own events. */
export async function statementImported(
  trx: Db,
  events: EventBus,
  statement: {
    statementId: string;
    accountIban: string;
    openingBalanceCents: number | null;
    closingBalanceCents: number | null;
    closingDate: string | null;
    entries: StatementEntryFacts[];
  },
  now: Date,
) {
  await events.publish("payment", { kind: "statement_imported", at: now, ...statement }, trx);
}
