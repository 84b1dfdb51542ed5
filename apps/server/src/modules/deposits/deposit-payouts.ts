import { BUSINESS_TIME_ZONE, maskIban, startOfDayInZone } from "@festgeld/domain";
import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { EventBus } from "../../plugins/events.ts";
import { verifiedHolderNames } from "../identity/identity.service.ts";
import type { PaymentEvent, PaymentOrderFacts, PaymentOrderSource } from "../payments/payment-events.ts";
import {
  createOrder,
  createOrders,
  type NewOrder,
  type PaymentActor,
  SYSTEM_ACTOR,
} from "../payments/payments.service.ts";
import {
  aboutDeposit,
  type DepositEvent,
  type DepositEventDetails,
  onDepositEvent,
  onDepositEvents,
} from "./deposit-events.ts";
import type { DepositRow } from "./deposits.repository.ts";
import * as repo from "./deposits.repository.ts";

type Db = Kysely<DB> | Transaction<DB>;
type DepositPaymentSource = Exclude<PaymentOrderSource, "credit_return">;

/** What the saver's bank statement shows beside the deposit reference. */
const PURPOSE: Record<DepositPaymentSource, string> = {
  maturity_payout: "Payout at maturity",
  renewal_interest: "Interest paid out at renewal",
  monthly_interest: "Monthly interest",
  withdrawal_refund: "Refund after withdrawal",
  early_closure: "Payout of early closure",
};

/**
 * Money leaves a deposit: a payment order from the deposit's receiving account to the saver's
 * reference IBAN (payments module), and `payout_ordered` on the deposit's timeline, which tells the
 * saver the expected execution date. The per-deposit ledger shows the payout once the bank books the
 * order (docs/decisions.md "Payment orders").
 */
export async function orderPayout(
  trx: Db,
  events: EventBus,
  row: DepositRow,
  input: PayoutInput & { actor?: PaymentActor },
): Promise<PaymentOrderFacts> {
  const name = await payeeName(trx, row);
  const actor = input.actor ?? SYSTEM_ACTOR;
  const order = await createOrder(trx, events, { ...newOrder(row, input, name), actor });
  await onDepositEvent(trx, events, payoutOrdered(row, input, order), input.actor?.id ?? null);
  return order;
}

/**
 * Who a payout names: the verified account holder, who was screened (docs/decisions.md "The payee is
 * the verified person"), never the name typed into the application. A deposit whose account is gone
 * names nobody: the order is held for staff.
 */
async function payeeName(trx: Db, row: DepositRow): Promise<string> {
  if (!row.user_id) return "";
  return (await verifiedHolderNames(trx as Kysely<DB>, [row.user_id])).get(row.user_id) ?? "";
}

/** What leaves a deposit, and why. */
export interface PayoutInput {
  source: DepositPaymentSource;
  amountCents: bigint;
  principalCents: bigint;
  interestCents: bigint;
  now: Date;
  /** A maturity payout of a deposit that was to renew: why it did not (stated in the saver's message). */
  renewal?: { notOffered: true } | { rateBelowThreshold: string } | undefined;
}

/**
 * The payouts of a maturity batch, each as `orderPayout` would make it (by the platform itself): the
 * applicants' names in one read, the orders through the payments module's set-based `createOrders`,
 * and the `payout_ordered` events recorded and published as one batch.
 */
export async function orderPayouts(
  trx: Db,
  events: EventBus,
  payouts: ReadonlyArray<{ row: DepositRow; input: PayoutInput }>,
  now: Date,
): Promise<PaymentOrderFacts[]> {
  if (payouts.length === 0) return [];
  const names = await verifiedHolderNames(
    trx as Kysely<DB>,
    payouts.flatMap((p) => (p.row.user_id ? [p.row.user_id] : [])),
  );
  const orders = await createOrders(
    trx,
    events,
    payouts.map(({ row, input }) => ({
      ...newOrder(row, input, (row.user_id ? names.get(row.user_id) : undefined) ?? ""),
      actor: SYSTEM_ACTOR,
    })),
    SYSTEM_ACTOR,
    now,
  );
  await onDepositEvents(
    trx,
    events,
    payouts.map(({ row, input }, i) => payoutOrdered(row, input, orders[i] as PaymentOrderFacts)),
  );
  return orders;
}

/** The order of money leaving a deposit: from its receiving account to the saver's reference IBAN. */
function newOrder(row: DepositRow, input: PayoutInput, name: string): Omit<NewOrder, "actor"> {
  return {
    source: input.source,
    depositId: row.id,
    userId: row.user_id,
    debtor: { name: row.bank_holder, iban: row.bank_iban, bic: row.bank_bic },
    creditor: { name, iban: row.payer_iban },
    amountCents: input.amountCents,
    principalCents: input.principalCents,
    interestCents: input.interestCents,
    remittance: `${row.reference} ${PURPOSE[input.source]}`,
    now: input.now,
  };
}

/** `payout_ordered` on the deposit's timeline: tells the saver the expected execution date. */
function payoutOrdered(row: DepositRow, input: PayoutInput, order: PaymentOrderFacts): DepositEvent {
  const details: DepositEventDetails["payout_ordered"] = {
    order_id: order.id,
    source: input.source,
    amount_cents: String(order.amountCents),
    principal_cents: String(order.principalCents),
    interest_cents: String(order.interestCents),
    requested_date: order.requestedDate,
    end_to_end_id: order.endToEndId,
    ...(input.renewal && "notOffered" in input.renewal ? { renewal_not_offered: true as const } : {}),
    ...(input.renewal && "rateBelowThreshold" in input.renewal
      ? { renewal_rate_below_threshold: input.renewal.rateBelowThreshold }
      : {}),
  };
  return {
    ...aboutDeposit(row),
    type: "payout_ordered",
    at: input.now,
    details,
  };
}

type Settled = Extract<PaymentEvent, { kind: "order_booked" | "order_returned" }>;

/** A booking or return of a deposit's own order (not a returned credit): the deposit follows it. */
const ofDeposit = (event: PaymentEvent): event is Settled =>
  (event.kind === "order_booked" || event.kind === "order_returned") &&
  event.order.depositId !== null &&
  event.order.source !== "credit_return";

/**
 * What the bank's booking or return of a deposit's order does to the deposit: the change (null: none)
 * and the event its timeline records. Booked: a maturity payout ends the deposit as paid_out
 * (paid_out_at = the booking date), telling the saver; the ledger's payout row is the journal's
 * order_booked entry. Returned: the money is on the deposit's balance again (the order_returned entry
 * takes the row away) and a paid-out deposit is payout_pending again, until staff order it anew.
 */
function settledChange(
  row: DepositRow,
  event: Settled,
  interest: { month: number; due_date: string } | undefined,
): { changes: Partial<DepositRow> | null; deposit: DepositRow; event: DepositEvent } {
  const order = event.order;
  const source = order.source as DepositPaymentSource;
  const about = (changes: Partial<DepositRow> | null) => {
    const deposit = changes ? { ...row, ...changes } : row;
    const base = { depositId: row.id, applicationId: row.application_id, userId: row.user_id, at: event.at };
    return { changes, deposit, base: { ...base, deposit } };
  };
  if (event.kind === "order_returned") {
    const changes =
      row.status === "paid_out"
        ? { status: "payout_pending" as const, paid_out_at: null, updated_at: event.at }
        : row.paid_out_at
          ? { paid_out_at: null, updated_at: event.at }
          : null;
    const details: DepositEventDetails["payout_returned"] = {
      order_id: order.id,
      amount_cents: String(order.amountCents),
      reason_code: event.reasonCode,
      booking_date: event.bookingDate,
      source,
      creditor_iban: maskIban(order.creditorIban),
      ...(event.reversal ? { reversal: true as const } : {}),
    };
    const { deposit, base } = about(changes);
    return { changes, deposit, event: { ...base, type: "payout_returned", details } };
  }
  const paidOutAt = startOfDayInZone(event.bookingDate, BUSINESS_TIME_ZONE);
  if (source === "maturity_payout" && row.status === "payout_pending") {
    const changes = { status: "paid_out" as const, paid_out_at: paidOutAt, updated_at: event.at };
    const details: DepositEventDetails["paid_out"] = {
      payout_cents: String(order.amountCents),
      principal_cents: String(order.principalCents),
      interest_cents: String(order.interestCents),
      // A renewal rule whose threshold was not met is no "renewal not offered" (payout_ordered said why).
      ...(row.maturity_instruction === "renew_principal" || row.maturity_instruction === "renew_all"
        ? { renewal_not_offered: true as const }
        : {}),
      booking_date: event.bookingDate,
      order_id: order.id,
    };
    const { deposit, base } = about(changes);
    return { changes, deposit, event: { ...base, type: "paid_out", details } };
  }
  const changes =
    source === "early_closure" || source === "withdrawal_refund"
      ? { paid_out_at: paidOutAt, updated_at: event.at }
      : null;
  // A monthly interest payment names the month it pays (the saver's message reads the plan by it).
  const details: DepositEventDetails["payout_booked"] = {
    order_id: order.id,
    source,
    amount_cents: String(order.amountCents),
    booking_date: event.bookingDate,
    ...(interest ? { month: interest.month, due_date: interest.due_date } : {}),
  };
  const { deposit, base } = about(changes);
  return { changes, deposit, event: { ...base, type: "payout_booked", details } };
}

/** The month a booked monthly interest payment pays, if it is one. */
const interestOf = (trx: Db, event: Settled) =>
  event.kind === "order_booked" && event.order.source === "monthly_interest"
    ? repo.interestPaymentOfOrder(trx, event.order.id)
    : undefined;

/**
 * The deposit side of the bank's confirmation (subscribed to the `payment` channel; payments never
 * calls deposits): a booking or return of a deposit's order moves the deposit (`settledChange`); an
 * order released to another IBAN than before is told to the saver.
 */
export function depositPaymentEvents(events: EventBus) {
  return async (event: PaymentEvent, trx: Db): Promise<void> => {
    if (event.kind === "order_released") return payoutRedirected(trx, events, event);
    if (!ofDeposit(event)) return;
    const row = await repo.lockDeposit(trx, event.order.depositId as string);
    if (!row) return;
    const settled = settledChange(row, event, await interestOf(trx, event));
    const deposit = settled.changes ? await repo.updateDepositReturning(trx, row.id, settled.changes) : row;
    await onDepositEvent(trx, events, { ...settled.event, deposit } as DepositEvent);
  };
}

/**
 * The set-based form (a large statement's bookings and returns): the deposits locked in one read,
 * their changes made in order in memory and written in one statement per chunk, the events recorded
 * and published as one batch. Any other event is handled one by one.
 */
export function depositPaymentEventsMany(events: EventBus) {
  const one = depositPaymentEvents(events);
  return async (list: readonly PaymentEvent[], trx: Db): Promise<void> => {
    for (const event of list) if (!ofDeposit(event)) await one(event, trx);
    const settled = list.filter(ofDeposit);
    if (settled.length === 0) return;
    const ids = [...new Set(settled.map((e) => e.order.depositId as string))];
    const rows = new Map((await repo.lockDeposits(trx, ids)).map((r) => [r.id, r]));
    const changed = new Map<string, DepositRow>();
    const recorded: DepositEvent[] = [];
    for (const event of settled) {
      const row = rows.get(event.order.depositId as string);
      if (!row) continue;
      const {
        changes,
        deposit,
        event: recordedEvent,
      } = settledChange(row, event, await interestOf(trx, event));
      if (changes) {
        rows.set(row.id, deposit);
        changed.set(row.id, deposit);
      }
      recorded.push(recordedEvent);
    }
    await repo.setPayoutStates(trx, [...changed.values()]);
    await onDepositEvents(trx, events, recorded);
  };
}

/** An order that waited is released: only a payout that now goes to another IBAN is told (the saver may object). */
async function payoutRedirected(
  trx: Db,
  events: EventBus,
  event: Extract<PaymentEvent, { kind: "order_released" }>,
) {
  const order = event.order;
  if (!order.depositId || order.source === "credit_return") return;
  if (!event.previousCreditorIban || event.previousCreditorIban === order.creditorIban) return;
  const row = await repo.lockDeposit(trx, order.depositId);
  if (!row) return;
  await onDepositEvent(trx, events, {
    depositId: row.id,
    applicationId: row.application_id,
    userId: row.user_id,
    at: event.at,
    type: "payout_redirected",
    deposit: row,
    details: {
      order_id: order.id,
      replaces_order_id: event.replacesOrderId,
      source: order.source,
      amount_cents: String(order.amountCents),
      old_iban: maskIban(event.previousCreditorIban),
      new_iban: maskIban(order.creditorIban),
      requested_by: event.requestedBy,
      released_by: event.releasedBy,
    },
  });
}
