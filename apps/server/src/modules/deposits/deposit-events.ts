import type { EarlyClosureRule, MaturityInstruction } from "@festgeld/domain";
import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { EventBus } from "../../plugins/events.ts";
import type { PaymentOrderSource } from "../payments/payment-events.ts";
import type { DepositRow } from "./deposits.repository.ts";
import * as repo from "./deposits.repository.ts";

/** Integer cents as decimal digits, the way the timeline stores amounts. */
type Cents = string;

/** What each deposit event records in the timeline (`deposit_events.details`), by type. */
export interface DepositEventDetails {
  approved: { reference: string; amount_cents: Cents; deadline: string };
  funds_received: {
    amount_cents: Cents;
    value_date: string;
    maturity_date: string;
    source: "manual" | "statement";
    /** For a credit read from an imported statement: which statement and which of its entries. */
    statement_id?: string;
    statement_entry_key?: string;
    /** Assigned by staff from the exception queue: the credit was booked into suspense on arrival. */
    from_suspense?: true;
  };
  lapsed: { deadline: string | null };
  withdrawn: { returned_cents: Cents };
  maturity_reminder: {
    maturity_date: string | null;
    instruction: MaturityInstruction;
    /** Under the renewal rule: the rate in force today for the renewal term (null: not offered). */
    rate_today?: string | null;
  };
  instruction_changed: {
    from: MaturityInstruction;
    to: MaturityInstruction;
    renew_min_rate?: string | null;
  };
  matured: { interest_cents: Cents; maturity_date: string };
  /**
   * A month's interest of a deposit paying monthly is due (its plan's payment): credited to the deposit on
   * the due date and ordered to the reference account (docs/decisions.md "Monthly interest").
   */
  monthly_interest: { month: number; months: number; due_date: string; interest_cents: Cents };
  /** A payment order was created for money leaving this deposit (docs/decisions.md "Payment orders"). */
  payout_ordered: {
    order_id: string;
    source: PaymentOrderSource;
    amount_cents: Cents;
    principal_cents: Cents;
    interest_cents: Cents;
    /** The date the order asks the bank to execute it: when the saver may expect the money. */
    requested_date: string;
    end_to_end_id: string;
    /** A maturity payout of a deposit that was to renew: no package for the term any more ... */
    renewal_not_offered?: true;
    /** ... or the renewal rule's threshold was not met (the rate in force for the term then). */
    renewal_rate_below_threshold?: string;
  };
  /** The bank booked the payment; `payout_booked` for one that does not end the deposit's state. */
  payout_booked: {
    order_id: string;
    source: PaymentOrderSource;
    amount_cents: Cents;
    booking_date: string;
    /** A monthly interest payment: the month it pays and its due date. */
    month?: number;
    due_date?: string;
  };
  /** The bank sent the payment back: the money is on the deposit's balance again; staff re-order it. */
  payout_returned: {
    order_id: string;
    amount_cents: Cents;
    reason_code: string | null;
    booking_date: string;
    /** What was paid, and the (masked) IBAN it went to (absent on events recorded before they were kept). */
    source?: PaymentOrderSource;
    creditor_iban?: string;
    /** The bank reversed its booking of the payout (RvslInd) rather than the payee's bank returning it. */
    reversal?: true;
  };
  /**
   * A payout goes to another IBAN than before (a re-order or a corrected held order, released by a second
   * staff member: docs/decisions.md "Four eyes on where a payout goes"). IBANs masked.
   */
  payout_redirected: {
    order_id: string;
    replaces_order_id: string | null;
    source: PaymentOrderSource;
    amount_cents: Cents;
    old_iban: string;
    new_iban: string;
    requested_by: string | null;
    released_by: string;
  };
  paid_out: {
    payout_cents: Cents;
    principal_cents: Cents;
    interest_cents: Cents;
    renewal_not_offered?: true;
    /** The date the bank booked the payment (since payments are confirmed by the statement). */
    booking_date?: string;
    order_id?: string;
  };
  renewed: {
    next_deposit_id: string;
    payout_cents: Cents;
    new_amount_cents: Cents;
    new_rate: string;
    new_maturity_date: string;
    new_expected_interest_cents: Cents;
  };
  renewal_created: { previous_deposit_id: string; value_date: string; maturity_date: string };
  closed_early: {
    close_date: string;
    rule: EarlyClosureRule;
    months_held: number;
    principal_cents: Cents;
    interest_cents: Cents;
    payout_cents: Cents;
  };
}

/** What happened to a deposit; the timeline shows these and messages to the saver are sent from them. */
export type DepositEventType = keyof DepositEventDetails;

/** The deposit as it stands once the event's change is made: what subscribers need, without a re-read. */
export type DepositFacts = Pick<
  DepositRow,
  | "id"
  | "application_id"
  | "reference"
  | "amount_cents"
  | "currency"
  | "interest_rate"
  | "duration_months"
  | "value_date"
  | "maturity_date"
  | "maturity_instruction"
  | "renew_min_rate"
  | "ladder_term_months"
  | "payer_iban"
  | "funding_deadline"
  | "approved_at"
  | "interest_payout"
>;

/** One deposit event: its type decides its details. */
export type DepositEvent = {
  [T in DepositEventType]: {
    type: T;
    depositId: string;
    applicationId: string;
    userId: string | null;
    at: Date;
    deposit: DepositFacts;
    details: DepositEventDetails[T];
    /** Who did it (staff, or the saver), as the timeline records it; absent or null: the platform. */
    actorId?: string | null;
  };
}[DepositEventType];

declare module "../../plugins/events.ts" {
  interface AppEvents {
    /** Published by the deposits module whenever a deposit event is recorded. */
    deposit: DepositEvent;
  }
}

/** Whom an event of a deposit is about, with the deposit as the change left it. */
export function aboutDeposit(deposit: DepositRow) {
  return { depositId: deposit.id, applicationId: deposit.application_id, userId: deposit.user_id, deposit };
}

/**
 * Records a deposit event in its timeline and hands it to the app's subscribers (messages to the
 * saver), inside the transaction that made the change: a message written to the outbox commits or
 * rolls back with it.
 */
export async function onDepositEvent(
  trx: Kysely<DB> | Transaction<DB>,
  events: EventBus,
  event: DepositEvent,
  actorId: string | null = null,
): Promise<void> {
  await repo.insertDepositEvent(trx, {
    deposit_id: event.depositId,
    type: event.type,
    at: event.at,
    actor_id: actorId,
    details: JSON.stringify(event.details),
  });
  await events.publish("deposit", actorId ? { ...event, actorId } : event, trx);
}

/**
 * Records the events of a batch (a maturity batch) in their timelines with one statement and hands
 * them to the subscribers as one batch (`publishMany`): the journal books them set-based, the
 * messages are queued to be told afterwards. With `handOver` "when_marked" (a statement's events)
 * they go as one batch only in a batch transaction, else one by one (`EventBus.publishAll`).
 */
export async function onDepositEvents(
  trx: Kysely<DB> | Transaction<DB>,
  events: EventBus,
  list: readonly DepositEvent[],
  actorId: string | null = null,
  handOver: "always" | "when_marked" = "always",
): Promise<void> {
  if (list.length === 0) return;
  await repo.insertDepositEvents(
    trx,
    list.map((event) => ({
      deposit_id: event.depositId,
      type: event.type,
      at: event.at,
      actor_id: actorId,
      details: JSON.stringify(event.details),
    })),
  );
  const published = actorId ? list.map((event) => ({ ...event, actorId })) : list;
  if (handOver === "always") await events.publishMany("deposit", published, trx);
  else await events.publishAll("deposit", published, trx);
}
