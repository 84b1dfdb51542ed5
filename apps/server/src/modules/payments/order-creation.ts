import { randomBytes } from "node:crypto";
import { normalizeIban } from "@festgeld/domain";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { EventBus } from "../../plugins/events.ts";
import { type AuditEvent, recordAudit, recordAudits } from "../audit/audit.service.ts";
import { postalAddressesOf, postalAddressOf } from "../identity/identity.service.ts";
import { invalidOrder, orderProblem } from "./order-checks.ts";
import { auditEvent, businessDate, type Db, orderFacts, type PaymentActor } from "./order-records.ts";
import type { PaymentOrderFacts, PaymentOrderSource } from "./payment-events.ts";
import * as repo from "./payments.repository.ts";
import { splitStreet } from "./postal-address.ts";

/** A unique end-to-end id: "FGP", the day and 64 random bits (23 characters of the EPC identifier set). */
export function newEndToEndId(now: Date): string {
  return `FGP${businessDate(now).replace(/-/g, "")}${randomBytes(6).toString("hex").toUpperCase()}`;
}

export interface NewOrder {
  source: PaymentOrderSource;
  depositId: string | null;
  userId: string | null;
  debtor: { name: string; iban: string; bic: string };
  creditor: { name: string; iban: string };
  amountCents: bigint;
  principalCents?: bigint;
  interestCents?: bigint;
  /** Names the deposit reference (or the returned credit). */
  remittance: string;
  /** Defaults to today (business date). */
  requestedDate?: string;
  unmatchedCreditId?: string | null;
  returnsStatementEntry?: string | null;
  replacesOrderId?: string | null;
  /** The currency of the money (EUR unless a credit in another currency is sent back). */
  currency?: string | undefined;
  /** A second staff member must release it (a re-order after a return): it awaits release. */
  fourEyes?: boolean;
  actor: PaymentActor;
  now: Date;
}

/**
 * The state a new order starts in: an order the bank's file could not carry is refused when a person
 * asked for it (400 payment_order_invalid) and held with its reason when a job made it; one that needs a
 * second staff member awaits release; any other is ordered.
 */
function initialState(input: NewOrder): {
  status: "held" | "awaiting_release" | "ordered";
  holdReason: string | null;
} {
  const problem = orderProblem({
    creditorIban: input.creditor.iban,
    creditorName: input.creditor.name,
    amountCents: input.amountCents,
    currency: input.currency,
  });
  if (problem && input.actor.id !== null) throw invalidOrder(problem);
  if (problem) return { status: "held", holdReason: problem };
  return { status: input.fourEyes ? "awaiting_release" : "ordered", holdReason: null };
}

function creationAudit(row: repo.PaymentOrderRow, details: Record<string, unknown> = {}): AuditEvent {
  return row.status === "held"
    ? auditEvent("payment.held", row, { hold_reason: row.hold_reason, ...details })
    : auditEvent("payment.ordered", row, details);
}

/**
 * Records a payment order (status ordered) inside the caller's transaction: audited and published
 * (`order_created`), so the books and the caller's own state change commit together. The saver's
 * postal address is copied from the personal data now, so the file shows the address of the day
 * the payment was ordered.
 */
export async function createOrder(
  trx: Db,
  events: EventBus,
  input: NewOrder,
  auditDetails: Record<string, unknown> = {},
): Promise<PaymentOrderFacts> {
  const address = input.userId ? await postalAddressOf(trx as Kysely<DB>, input.userId) : null;
  const row = await repo.insertOrder(trx, orderValues(input, address));
  await recordAudit(trx as Kysely<DB>, input.actor, creationAudit(row, auditDetails));
  const order = orderFacts(row);
  await events.publish(
    "payment",
    { kind: "order_created", at: input.now, order, actorId: input.actor.id },
    trx,
  );
  return order;
}

/**
 * Records many payment orders of one actor at once (a maturity batch), each as `createOrder` would:
 * the addresses in one read, the orders and their audit entries in one statement each, and the
 * `order_created` events published as one batch (the journal books them set-based). Answers the
 * orders in the order of the input.
 */
export async function createOrders(
  trx: Db,
  events: EventBus,
  inputs: readonly NewOrder[],
  actor: PaymentActor,
  now: Date,
): Promise<PaymentOrderFacts[]> {
  if (inputs.length === 0) return [];
  const addresses = await postalAddressesOf(
    trx as Kysely<DB>,
    inputs.flatMap((i) => (i.userId ? [i.userId] : [])),
  );
  const rows = await repo.insertOrders(
    trx,
    inputs.map((input) => orderValues(input, input.userId ? (addresses.get(input.userId) ?? null) : null)),
  );
  await recordAudits(
    trx as Kysely<DB>,
    actor,
    rows.map((row) => creationAudit(row)),
  );
  const orders = rows.map(orderFacts);
  await events.publishMany(
    "payment",
    orders.map((order) => ({ kind: "order_created" as const, at: now, order, actorId: actor.id })),
    trx,
  );
  return orders;
}

/** The row of a new order (status ordered), the saver's postal address copied as of now. */
function orderValues(
  input: NewOrder,
  address: { street: string; postcode: string; city: string; country: string } | null,
) {
  const split = address ? splitStreet(address.street) : null;
  const { status, holdReason } = initialState(input);
  return {
    source: input.source,
    status,
    hold_reason: holdReason,
    requested_by: status === "awaiting_release" ? input.actor.id : null,
    deposit_id: input.depositId,
    user_id: input.userId,
    unmatched_credit_id: input.unmatchedCreditId ?? null,
    replaces_order_id: input.replacesOrderId ?? null,
    debtor_name: input.debtor.name,
    debtor_iban: normalizeIban(input.debtor.iban),
    debtor_bic: input.debtor.bic,
    creditor_name: input.creditor.name,
    creditor_iban: normalizeIban(input.creditor.iban),
    creditor_street: split?.streetName ?? null,
    creditor_building: split?.buildingNumber ?? null,
    creditor_postcode: address?.postcode ?? null,
    creditor_town: address?.city ?? null,
    creditor_country: address?.country ?? null,
    amount_cents: input.amountCents,
    principal_cents: input.principalCents ?? 0n,
    interest_cents: input.interestCents ?? 0n,
    end_to_end_id: newEndToEndId(input.now),
    remittance: input.remittance,
    requested_date: input.requestedDate ?? businessDate(input.now),
    returns_statement_entry: input.returnsStatementEntry ?? null,
    created_at: input.now,
    created_by: input.actor.id,
    updated_at: input.now,
  };
}
