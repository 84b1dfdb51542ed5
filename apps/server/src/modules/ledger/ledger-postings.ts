import { BOOKS_CURRENCY, moneyFromDb } from "@festgeld/domain";
import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { BatchSubscriber, EventSubscriber } from "../../plugins/events.ts";
import type { DepositEvent } from "../deposits/deposit-events.ts";
import type { PaymentEvent, PaymentOrderFacts } from "../payments/payment-events.ts";
import * as repo from "./ledger.repository.ts";
import {
  businessDate,
  depositIban,
  depositIbans,
  openAccounts,
  openAccountsOf,
  type Posting,
  post,
  postMany,
  reverse,
} from "./ledger.service.ts";
import { bankAccount, depositAccount } from "./ledger-accounts.ts";

type Db = Kysely<DB> | Transaction<DB>;

/**
 * The euro cents an event carries (a row's int8, a payment order's cents, the text an event's details
 * keep in JSON), read by the database codec: what the journal books.
 */
const booksCents = (value: bigint | number | string): bigint => moneyFromDb(value, BOOKS_CURRENCY).cents;

/**
 * The posting rules (docs/decisions.md "Posting rules"): each deposit and payment event that moves
 * money books one journal entry, in the transaction that records the event, named by a reference
 * that makes a second delivery of the same event book nothing.
 */

/* ------------------------------------------------------- deposit channel */

/** The carry-over of a renewal: the old deposit's money moves onto the new one (one reference for both events). */
const carryOver = (input: { from: string; to: string; cents: bigint; date: string; at: Date }): Posting => ({
  kind: "renewal_carry_over",
  reference: `deposit:${input.to}:carried_over`,
  effective_date: input.date,
  created_at: input.at,
  deposit_id: input.from,
  details: { next_deposit_id: input.to },
  lines: [
    { account: depositAccount(input.from), cents: input.cents },
    { account: depositAccount(input.to), cents: -input.cents },
  ],
});

/** Who booked an entry (staff recording a receipt, a saver closing early): kept in the entry's details. */
const bookedBy = (event: DepositEvent) => (event.actorId ? { booked_by: event.actorId } : {});

/**
 * Interest credited to a deposit: the bank's interest expense owes it to the saver. A monthly payment's
 * reference names its month (one entry per month); a negative amount takes interest back (an early closure
 * of a monthly deposit that paid more than its rule grants: docs/decisions.md "Monthly interest").
 */
function interestCredited(
  event: Extract<DepositEvent, { type: "matured" | "monthly_interest" | "closed_early" }>,
  iban: string,
  date: string,
  reference = `deposit:${event.depositId}:${event.type}:interest`,
): { deposits: string[]; posting: Posting } {
  const cents = booksCents(event.details.interest_cents);
  return {
    deposits: [event.depositId],
    posting: {
      kind: "interest_credited",
      reference,
      effective_date: date,
      created_at: event.at,
      deposit_id: event.depositId,
      details: bookedBy(event),
      lines: [
        { account: bankAccount(iban, "interest_expense"), cents },
        { account: depositAccount(event.depositId), cents: -cents },
      ],
    },
  };
}

/**
 * What a deposit event books, given the receiving IBAN of its deposit: the deposit accounts to open
 * and the entry; null for an event that moves no money here.
 */
function depositPosting(event: DepositEvent, iban: string): { deposits: string[]; posting: Posting } | null {
  switch (event.type) {
    case "funds_received": {
      const cents = booksCents(event.details.amount_cents);
      const { statement_id: statementId, statement_entry_key: entryKey } = event.details;
      const fromStatement = Boolean(statementId && entryKey);
      // A credit staff assigned from the exception queue was booked into suspense when it came in
      // (credit_unmatched): the deposit is funded out of suspense, the cash is already there.
      const from = event.details.from_suspense ? "suspense" : "cash";
      return {
        deposits: [event.depositId],
        posting: {
          kind: "funds_received",
          reference: `deposit:${event.depositId}:funds_received`,
          effective_date: event.details.value_date,
          created_at: event.at,
          deposit_id: event.depositId,
          statement_id: fromStatement ? statementId : null,
          statement_entry_key: fromStatement ? entryKey : null,
          details: { source: event.details.source, ...bookedBy(event) },
          lines: [
            { account: bankAccount(iban, from), cents },
            { account: depositAccount(event.depositId), cents: -cents },
          ],
        },
      };
    }
    case "matured":
      return interestCredited(event, iban, event.details.maturity_date);
    case "monthly_interest":
      return interestCredited(
        event,
        iban,
        event.details.due_date,
        `deposit:${event.depositId}:monthly_interest:${event.details.month}:interest`,
      );
    case "closed_early":
      return interestCredited(event, iban, event.details.close_date);
    case "renewed":
      return {
        deposits: [event.depositId, event.details.next_deposit_id],
        posting: carryOver({
          from: event.depositId,
          to: event.details.next_deposit_id,
          cents: booksCents(event.details.new_amount_cents),
          date: event.deposit.maturity_date ?? businessDate(event.at),
          at: event.at,
        }),
      };
    case "renewal_created":
      // The same carry-over as `renewed` (same reference): whichever arrives first books it.
      return {
        deposits: [event.details.previous_deposit_id, event.depositId],
        posting: carryOver({
          from: event.details.previous_deposit_id,
          to: event.depositId,
          cents: booksCents(event.deposit.amount_cents),
          date: event.details.value_date,
          at: event.at,
        }),
      };
    default:
      // Money that leaves is booked from the payment channel (order_created, order_booked,
      // order_returned, order_cancelled), never from the deposit events that follow it: payout_ordered,
      // paid_out, payout_booked, payout_returned and withdrawn book nothing here, nor do approved,
      // lapsed, reminders and instruction changes.
      return null;
  }
}

const MONEY_EVENTS = new Set<DepositEvent["type"]>([
  "funds_received",
  "matured",
  "monthly_interest",
  "closed_early",
  "renewed",
  "renewal_created",
]);

export const postDepositEvent: EventSubscriber<"deposit"> = async (event, db) => {
  if (!MONEY_EVENTS.has(event.type)) return;
  const iban = await depositIban(db, event.depositId);
  const booking = depositPosting(event, iban);
  if (!booking) return;
  await openAccounts(db, iban, booking.deposits);
  await post(db, booking.posting);
};

/**
 * The set-based form for a batch of deposit events (a maturity batch): the IBANs in one read, the
 * accounts in one statement, the entries and lines in one each, booked as the events one by one would.
 */
export const postDepositEvents: BatchSubscriber<"deposit"> = async (events, db) => {
  const money = events.filter((e) => MONEY_EVENTS.has(e.type));
  if (money.length === 0) return;
  const ibans = await depositIbans(
    db,
    money.map((e) => e.depositId),
  );
  const bookings = money.flatMap((event) => {
    const iban = ibans.get(event.depositId) as string;
    const booking = depositPosting(event, iban);
    return booking ? [{ iban, ...booking }] : [];
  });
  await openAccountsOf(
    db,
    bookings.map((b) => ({ iban: b.iban, depositIds: b.deposits })),
  );
  await postMany(
    db,
    bookings.map((b) => b.posting),
  );
};

/* ------------------------------------------------------- payment channel */

/** Where an order's money comes from: the deposit's balance, or suspense for a credit sent back. */
const orderSourceAccount = (order: PaymentOrderFacts) =>
  order.source === "credit_return" || !order.depositId
    ? bankAccount(order.debtorIban, "suspense")
    : depositAccount(order.depositId);

const orderRefs = (order: PaymentOrderFacts) => ({
  deposit_id: order.depositId,
  payment_order_id: order.id,
  details: { source: order.source, end_to_end_id: order.endToEndId },
});

function orderCreatedPosting(event: Extract<PaymentEvent, { kind: "order_created" }>): Posting {
  const { order } = event;
  const cents = booksCents(order.amountCents);
  return {
    kind: "order_created",
    reference: `order:${order.id}:created`,
    effective_date: businessDate(event.at),
    created_at: event.at,
    ...orderRefs(order),
    lines: [
      { account: orderSourceAccount(order), cents },
      { account: bankAccount(order.debtorIban, "in_transit"), cents: -cents },
    ],
  };
}

async function orderCreated(db: Db, event: Extract<PaymentEvent, { kind: "order_created" }>) {
  const { order } = event;
  await openAccounts(db, order.debtorIban, order.depositId ? [order.depositId] : []);
  await post(db, orderCreatedPosting(event));
}

type StatementEvent = Extract<PaymentEvent, { kind: "order_booked" | "order_returned" | "credit_unmatched" }>;

/**
 * What an event of a statement's entry books: the bank booked our order (out of transit into cash
 * leaving), sent it back (the saver is owed it again, or for a returned return it waits in suspense;
 * an order the bank never booked, `booked` lacking it, comes back out of transit, not out of cash), or
 * a credit no deposit awaited arrived (into suspense).
 */
function statementPosting(
  event: StatementEvent,
  booked: ReadonlySet<string>,
): { accounts: { iban: string; depositIds: string[] }; posting: Posting } {
  if (event.kind === "credit_unmatched") {
    const cents = booksCents(event.amountCents);
    return {
      accounts: { iban: event.accountIban, depositIds: [] },
      posting: {
        kind: "credit_unmatched",
        reference: `statement:${event.statementId}:${event.statementEntryKey}`,
        effective_date: event.bookingDate,
        created_at: event.at,
        statement_id: event.statementId,
        statement_entry_key: event.statementEntryKey,
        details: { payer_iban: event.payerIban, payer_name: event.payerName },
        lines: [
          { account: bankAccount(event.accountIban, "cash"), cents },
          { account: bankAccount(event.accountIban, "suspense"), cents: -cents },
        ],
      },
    };
  }
  const { order } = event;
  const cents = booksCents(order.amountCents);
  const base = { effective_date: event.bookingDate, created_at: event.at, ...orderRefs(order) };
  if (event.kind === "order_booked") {
    return {
      accounts: { iban: order.debtorIban, depositIds: [] },
      posting: {
        kind: "order_booked",
        reference: `order:${order.id}:booked`,
        ...base,
        statement_id: event.statementId,
        statement_entry_key: event.statementEntryKey,
        lines: [
          { account: bankAccount(order.debtorIban, "in_transit"), cents },
          { account: bankAccount(order.debtorIban, "cash"), cents: -cents },
        ],
      },
    };
  }
  const wasBooked = booked.has(order.id);
  return {
    accounts: { iban: order.debtorIban, depositIds: order.depositId ? [order.depositId] : [] },
    posting: {
      kind: "order_returned",
      reference: `order:${order.id}:returned`,
      ...base,
      statement_id: wasBooked ? event.statementId : null,
      statement_entry_key: wasBooked ? event.statementEntryKey : null,
      details: { ...orderRefs(order).details, reason_code: event.reasonCode, booked: wasBooked },
      lines: [
        { account: bankAccount(order.debtorIban, wasBooked ? "cash" : "in_transit"), cents },
        { account: orderSourceAccount(order), cents: -cents },
      ],
    },
  };
}

/** The kinds of payment events the set-based form books together. */
const SET_BASED = new Set<PaymentEvent["kind"]>([
  "order_created",
  "order_booked",
  "order_returned",
  "credit_unmatched",
]);

/**
 * The set-based form for a batch of payment events (the orders of a maturity batch, the entries of a
 * large statement): the accounts in one statement, the entries and lines in one each per chunk, the
 * returned orders' bookings in one read; booked as the events one by one would. A batch with any
 * other kind is booked event by event.
 */
export const postPaymentEvents: BatchSubscriber<"payment"> = async (events, db) => {
  if (!events.every((e) => SET_BASED.has(e.kind))) {
    for (const event of events) await postPaymentEvent(event, db);
    return;
  }
  const booked = await repo.ordersWithEntry(
    db,
    events.flatMap((e) => (e.kind === "order_returned" ? [e.order.id] : [])),
    "order_booked",
  );
  const accounts: Array<{ iban: string; depositIds: string[] }> = [];
  const postings: Posting[] = [];
  for (const event of events) {
    if (event.kind === "order_created") {
      const { order } = event;
      accounts.push({ iban: order.debtorIban, depositIds: order.depositId ? [order.depositId] : [] });
      postings.push(orderCreatedPosting(event));
      continue;
    }
    const booking = statementPosting(event as StatementEvent, booked);
    if (event.kind === "order_booked") booked.add(event.order.id);
    accounts.push(booking.accounts);
    postings.push(booking.posting);
  }
  await openAccountsOf(db, accounts);
  await postMany(db, postings);
};

/**
 * A bank exception staff settled (docs/decisions.md "Bank exceptions"): a debit the books did not
 * have leaves cash as a bank fee or a write-off, on the bank's booking date and naming the statement
 * entry (so the reconciliation finds it booked); a euro credit waiting in suspense is written off
 * out of suspense on the day it is released.
 */
async function exceptionSettled(db: Db, event: Extract<PaymentEvent, { kind: "exception_settled" }>) {
  const iban = event.accountIban;
  const cents = booksCents(event.amountCents);
  const type = event.action === "bank_fee" ? "bank_fees" : "write_off";
  const expense = bankAccount(iban, type);
  await openAccounts(db, iban);
  await repo.ensureAccounts(db, [{ address: expense, type, bank_iban: iban }]);
  const fromSuspense = event.direction === "credit" && event.inSuspense;
  await post(db, {
    kind: event.action === "bank_fee" ? "exception_bank_fee" : "exception_write_off",
    reference: `exception:${event.exceptionId}:${event.action}`,
    effective_date: fromSuspense ? businessDate(event.at) : event.bookingDate,
    created_at: event.at,
    statement_id: fromSuspense ? null : event.statementId,
    statement_entry_key: fromSuspense ? null : event.statementEntryKey,
    details: { exception_id: event.exceptionId, ...(event.actorId ? { booked_by: event.actorId } : {}) },
    lines: fromSuspense
      ? [
          { account: bankAccount(iban, "suspense"), cents },
          { account: expense, cents: -cents },
        ]
      : [
          { account: expense, cents },
          { account: bankAccount(iban, "cash"), cents: -cents },
        ],
  });
}

export const postPaymentEvent: EventSubscriber<"payment"> = async (event, db) => {
  switch (event.kind) {
    case "order_created":
      await orderCreated(db, event);
      return;
    case "order_booked":
    case "order_returned":
    case "credit_unmatched": {
      const booked =
        event.kind === "order_returned" && (await repo.orderEntry(db, event.order.id, "order_booked"));
      const { accounts, posting } = statementPosting(event, new Set(booked ? [event.order.id] : []));
      await openAccountsOf(db, [accounts]);
      await post(db, posting);
      return;
    }
    case "order_cancelled": {
      const created = await repo.orderEntry(db, event.order.id, "order_created");
      if (!created) return;
      await reverse(db, created.id, {
        kind: "order_cancelled",
        reference: `order:${event.order.id}:cancelled`,
        effective_date: businessDate(event.at),
        created_at: event.at,
        details: { reason: event.reason },
      });
      return;
    }
    case "exception_settled": {
      await exceptionSettled(db, event);
      return;
    }
    case "statement_imported": {
      // The bank's view, kept for the reconciliation; the books themselves do not change.
      await openAccounts(db, event.accountIban);
      await repo.insertBankStatement(
        db,
        {
          statement_id: event.statementId,
          account_iban: event.accountIban,
          closing_balance_cents: event.closingBalanceCents,
          closing_date: event.closingDate,
          opening_balance_cents: event.openingBalanceCents,
          imported_at: event.at,
        },
        event.entries.map((e) => ({
          entry_key: e.key,
          direction: e.direction,
          amount_cents: e.amountCents,
          booking_date: e.bookingDate,
          value_date: e.valueDate,
          reversal: e.reversal,
          end_to_end_id: e.endToEndId,
          outcome: e.outcome,
        })),
      );
      return;
    }
    default:
      // order_submitted: the file was made; no money moved yet.
      return;
  }
};
