import { normalizeIban, type PaymentOrder, type User } from "@festgeld/domain";
import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../db/schema.ts";
import { AppError, conflict, notFound } from "../../lib/errors.ts";
import type { EventBus } from "../../plugins/events.ts";
import { invalidOrder, orderProblem } from "./order-checks.ts";
import { createOrder } from "./order-creation.ts";
import { audit, orderFacts, toPaymentOrder } from "./order-records.ts";
import * as repo from "./payments.repository.ts";

export async function listOrders(
  db: Kysely<DB>,
  query: {
    limit: number;
    offset: number;
    status?: PaymentOrder["status"] | undefined;
    account?: string | undefined;
    older_than_days?: number | undefined;
  },
  now: Date,
) {
  const filter: repo.OrderFilter = {
    status: query.status,
    account: query.account,
    createdBefore:
      query.older_than_days === undefined
        ? undefined
        : new Date(now.getTime() - query.older_than_days * 86_400_000),
  };
  const [rows, total] = await Promise.all([
    repo.listOrders(db, filter, { limit: query.limit, offset: query.offset }),
    repo.countOrders(db, filter),
  ]);
  return { items: rows.map((r) => toPaymentOrder(r, now)), total };
}

/** A staff member's correction of where an order's money goes: each field left out stays as it is. */
type CreditorCorrection = { creditor_iban?: string | undefined; creditor_name?: string | undefined };

/**
 * The preamble of every staff action on one order: a transaction with the order locked (404
 * payment_order_not_found when there is none), in which `action` checks its state and changes it.
 */
function onLockedOrder<T>(
  db: Kysely<DB>,
  id: string,
  action: (trx: Transaction<DB>, row: repo.PaymentOrderRow) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const row = await repo.lockOrder(trx, id);
    if (!row) throw notFound("payment_order_not_found", "This payment order does not exist");
    return action(trx, row);
  });
}

/** The creditor after a correction: the corrected name and IBAN (normalised), else the order's own. */
function correctedCreditor(row: repo.PaymentOrderRow, input: CreditorCorrection) {
  return {
    name: input.creditor_name ?? row.creditor_name,
    iban: normalizeIban(input.creditor_iban ?? row.creditor_iban),
  };
}

/** Staff cancel an order that is not in a file yet; the reason is audited and published. */
export async function cancelOrder(
  db: Kysely<DB>,
  admin: User,
  id: string,
  reason: string,
  now: Date,
  events: EventBus,
): Promise<PaymentOrder> {
  return onLockedOrder(db, id, async (trx, row) => {
    if (row.status !== "ordered" && row.status !== "held" && row.status !== "awaiting_release") {
      throw conflict(
        "payment_order_not_cancellable",
        `This order is ${row.status}; only an order not yet in a payment file can be cancelled`,
      );
    }
    const updated = await repo.updateOrder(trx, id, {
      status: "cancelled",
      cancel_reason: reason,
      updated_at: now,
    });
    await audit(trx, admin, "payment.cancelled", updated, { reason });
    await events.publish(
      "payment",
      { kind: "order_cancelled", at: now, order: orderFacts(updated), reason, actorId: admin.id },
      trx,
    );
    return toPaymentOrder(updated, now);
  });
}

/**
 * A returned order is ordered again (same amount and purpose), optionally to a corrected account. The new
 * order awaits release by a second staff member (docs/decisions.md "Four eyes on where a payout goes");
 * its audit entry names the order it replaces and the old and new IBAN.
 */
export async function reorder(
  db: Kysely<DB>,
  admin: User,
  id: string,
  input: CreditorCorrection,
  now: Date,
  events: EventBus,
): Promise<PaymentOrder> {
  return onLockedOrder(db, id, async (trx, row) => {
    if (row.status !== "returned" || (await repo.findReplacement(trx, id))) {
      throw conflict(
        "payment_order_not_returned",
        "Only a returned order that was not ordered again can be ordered again",
      );
    }
    const creditor = correctedCreditor(row, input);
    const created = await createOrder(
      trx,
      events,
      {
        source: row.source,
        depositId: row.deposit_id,
        userId: row.user_id,
        debtor: { name: row.debtor_name, iban: row.debtor_iban, bic: row.debtor_bic },
        creditor,
        amountCents: row.amount_cents,
        principalCents: row.principal_cents,
        interestCents: row.interest_cents,
        remittance: row.remittance,
        unmatchedCreditId: row.unmatched_credit_id,
        returnsStatementEntry: row.returns_statement_entry,
        replacesOrderId: row.id,
        fourEyes: true,
        actor: admin,
        now,
      },
      redirection(row, creditor),
    );
    const fresh = await repo.findOrder(trx, created.id);
    if (!fresh) throw new Error("the new order vanished");
    return toPaymentOrder(fresh, now);
  });
}

/** What the audit trail says about where an order's money goes instead of where it went. */
function redirection(previous: repo.PaymentOrderRow, creditor: { name: string; iban: string }) {
  return {
    replaces_order_id: previous.id,
    old_creditor_iban: previous.creditor_iban,
    new_creditor_iban: normalizeIban(creditor.iban),
    old_creditor_name: previous.creditor_name,
    new_creditor_name: creditor.name,
  };
}

/**
 * Releases an order. Awaiting release: a staff member other than the one who asked for it releases it,
 * and it is ordered (403 payment_order_release_own for the same person); `order_released` tells the
 * saver when the money now goes to another IBAN. Held: the staff member's corrections are checked again;
 * to the IBAN it had it is ordered at once, to another it awaits a second release.
 */
export async function releaseOrder(
  db: Kysely<DB>,
  admin: User,
  id: string,
  input: CreditorCorrection,
  now: Date,
  events: EventBus,
): Promise<PaymentOrder> {
  return onLockedOrder(db, id, async (trx, row) => {
    if (row.status === "awaiting_release") return releaseAwaiting(trx, events, admin, row, input, now);
    if (row.status === "held") return releaseHeld(trx, events, admin, row, input, now);
    throw conflict("payment_order_not_releasable", `This order is ${row.status}; it waits for no release`);
  });
}

/** The second staff member's release of an order awaiting release: it is ordered as it is. */
async function releaseAwaiting(
  trx: Transaction<DB>,
  events: EventBus,
  admin: User,
  row: repo.PaymentOrderRow,
  input: CreditorCorrection,
  now: Date,
): Promise<PaymentOrder> {
  if (input.creditor_iban !== undefined || input.creditor_name !== undefined) {
    throw conflict(
      "payment_order_not_releasable",
      "An order awaiting release is released as it is; cancel it to change it",
    );
  }
  if (row.requested_by === admin.id) {
    throw new AppError(
      403,
      "payment_order_release_own",
      "A second staff member must release this order: you asked for it yourself",
    );
  }
  const released = await repo.updateOrder(trx, row.id, {
    status: "ordered",
    released_by: admin.id,
    released_at: now,
    updated_at: now,
  });
  const replaced = row.replaces_order_id ? await repo.findOrder(trx, row.replaces_order_id) : undefined;
  const requester = row.requested_by ? await repo.staffEmail(trx, row.requested_by) : null;
  await audit(trx, admin, "payment.released", released, {
    requested_by: row.requested_by,
    requested_by_email: requester,
    released_by: admin.id,
    released_by_email: admin.email,
    creditor_iban: released.creditor_iban,
    ...(replaced
      ? redirection(replaced, { name: released.creditor_name, iban: released.creditor_iban })
      : {}),
  });
  await events.publish(
    "payment",
    {
      kind: "order_released",
      at: now,
      order: orderFacts(released),
      previousCreditorIban: replaced?.creditor_iban ?? row.previous_creditor_iban ?? null,
      replacesOrderId: row.replaces_order_id,
      requestedBy: row.requested_by,
      releasedBy: admin.id,
    },
    trx,
  );
  return toPaymentOrder(released, now);
}

/**
 * The correction of a held order, checked again: to the IBAN it had it is ordered at once, to another it
 * awaits a second release.
 */
async function releaseHeld(
  trx: Transaction<DB>,
  events: EventBus,
  admin: User,
  row: repo.PaymentOrderRow,
  input: CreditorCorrection,
  now: Date,
): Promise<PaymentOrder> {
  const creditor = correctedCreditor(row, input);
  const problem = orderProblem({
    creditorIban: creditor.iban,
    creditorName: creditor.name,
    amountCents: row.amount_cents,
  });
  if (problem) throw invalidOrder(problem);
  const redirected = creditor.iban !== row.creditor_iban;
  const updated = await repo.updateOrder(trx, row.id, {
    status: redirected ? "awaiting_release" : "ordered",
    creditor_name: creditor.name,
    creditor_iban: creditor.iban,
    previous_creditor_iban: redirected ? row.creditor_iban : null,
    // To the IBAN it had, the correction needs no second pair of eyes; to another, it does.
    ...(redirected ? { requested_by: admin.id } : { released_by: admin.id, released_at: now }),
    updated_at: now,
  });
  await audit(trx, admin, "payment.released", updated, {
    hold_reason: row.hold_reason,
    corrected_by: admin.id,
    corrected_by_email: admin.email,
    old_creditor_iban: row.creditor_iban,
    new_creditor_iban: creditor.iban,
    old_creditor_name: row.creditor_name,
    new_creditor_name: creditor.name,
    awaits_second_release: redirected,
  });
  if (!redirected) {
    await events.publish(
      "payment",
      {
        kind: "order_released",
        at: now,
        order: orderFacts(updated),
        previousCreditorIban: null,
        replacesOrderId: row.replaces_order_id,
        requestedBy: admin.id,
        releasedBy: admin.id,
      },
      trx,
    );
  }
  return toPaymentOrder(updated, now);
}
