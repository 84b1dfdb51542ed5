import { randomBytes } from "node:crypto";
import {
  BUSINESS_TIME_ZONE,
  centsToNumber,
  dateInZone,
  ibanProblem,
  maskIban,
  normalizeIban,
  type PaymentFile,
  type PaymentOrder,
  type UnmatchedCredit,
  type User,
} from "@festgeld/domain";
import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { UnmatchedCreditStatus } from "../../db/tables/payments.ts";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors.ts";
import type { EventBus } from "../../plugins/events.ts";
import { type AuditEvent, recordAudit, recordAudits } from "../audit/audit.service.ts";
import { findPartnerAccountByIban } from "../banks/banks.service.ts";
import { postalAddressesOf, postalAddressOf } from "../identity/identity.service.ts";
import {
  buildPain001,
  MAX_TRANSFER_CENTS,
  newMessageId,
  PaymentFileError,
  type PostalAddress,
} from "./pain001.ts";
import type { PaymentOrderFacts, PaymentOrderSource, StatementEntryFacts } from "./payment-events.ts";
import * as repo from "./payments.repository.ts";
import { splitStreet, structuredAddress } from "./postal-address.ts";
import { toSepaText } from "./sepa-text.ts";

type Db = Kysely<DB> | Transaction<DB>;

/** Who changed an order: a staff member, or the platform itself (a job). */
export type PaymentActor = Pick<User, "id" | "email"> | { id: null; email: string };
export const SYSTEM_ACTOR: PaymentActor = { id: null, email: "system" };

/** What the file needs to know about the operator: the initiating party and the debtor's address. */
export interface PaymentFileSettings {
  initiatingParty: string;
  debtorAddress: { street: string; postalCode: string; city: string; country: string };
}

const businessDate = (instant: Date) => dateInZone(instant, BUSINESS_TIME_ZONE);

/** A unique end-to-end id: "FGP", the day and 64 random bits (23 characters of the EPC identifier set). */
export function newEndToEndId(now: Date): string {
  return `FGP${businessDate(now).replace(/-/g, "")}${randomBytes(6).toString("hex").toUpperCase()}`;
}

export function orderFacts(row: repo.PaymentOrderRow): PaymentOrderFacts {
  return {
    id: row.id,
    source: row.source,
    status: row.status,
    depositId: row.deposit_id,
    userId: row.user_id,
    debtorIban: row.debtor_iban,
    creditorIban: row.creditor_iban,
    creditorName: row.creditor_name,
    amountCents: Number(row.amount_cents),
    principalCents: Number(row.principal_cents),
    interestCents: Number(row.interest_cents),
    endToEndId: row.end_to_end_id,
    remittance: row.remittance,
    requestedDate: row.requested_date,
    returnsStatementEntry: row.returns_statement_entry,
  };
}

function toPaymentOrder(row: repo.PaymentOrderRow, now: Date): PaymentOrder {
  return {
    id: row.id,
    source: row.source,
    status: row.status,
    deposit_id: row.deposit_id,
    unmatched_credit_id: row.unmatched_credit_id,
    replaces_order_id: row.replaces_order_id,
    debtor_name: row.debtor_name,
    debtor_iban: row.debtor_iban,
    creditor_name: row.creditor_name,
    creditor_iban: maskIban(row.creditor_iban),
    amount: centsToNumber(BigInt(row.amount_cents)),
    principal: centsToNumber(BigInt(row.principal_cents)),
    interest: centsToNumber(BigInt(row.interest_cents)),
    currency: "EUR",
    end_to_end_id: row.end_to_end_id,
    remittance: row.remittance,
    requested_date: row.requested_date,
    file_id: row.file_id,
    booking_date: row.booking_date,
    return_reason: row.return_reason,
    cancel_reason: row.cancel_reason,
    hold_reason: row.hold_reason,
    created_by: row.created_by,
    requested_by: row.requested_by,
    released_by: row.released_by,
    released_at: row.released_at ? row.released_at.toISOString() : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    age_days: Math.max(0, Math.floor((now.getTime() - row.created_at.getTime()) / 86_400_000)),
  };
}

type PaymentAuditAction =
  | "payment.ordered"
  | "payment.submitted"
  | "payment.booked"
  | "payment.returned"
  | "payment.cancelled"
  | "payment.held"
  | "payment.released";

async function audit(
  trx: Db,
  actor: PaymentActor,
  action: PaymentAuditAction,
  row: repo.PaymentOrderRow,
  details: Record<string, unknown> = {},
) {
  await recordAudit(trx as Kysely<DB>, actor, auditEvent(action, row, details));
}

function auditEvent(
  action: PaymentAuditAction,
  row: repo.PaymentOrderRow,
  details: Record<string, unknown> = {},
): AuditEvent {
  return {
    action,
    targetType: "payment_order",
    targetId: row.id,
    details: {
      source: row.source,
      status: row.status,
      deposit_id: row.deposit_id,
      amount_cents: String(row.amount_cents),
      end_to_end_id: row.end_to_end_id,
      ...details,
    },
  };
}

/* ------------------------------------------------------------------ checking orders */

/** Why the bank's file could not carry an order (docs/decisions.md "Held payment orders"). */
export type OrderProblem =
  | "creditor_iban_invalid"
  | "creditor_iban_not_sepa"
  | "creditor_name_not_sepa"
  | "amount_out_of_range"
  | "currency_not_eur";

const ORDER_PROBLEM_TEXT: Record<OrderProblem, string> = {
  creditor_iban_invalid: "the creditor IBAN is not a valid IBAN",
  creditor_iban_not_sepa: "the creditor IBAN is not one of a SEPA country",
  creditor_name_not_sepa: "the creditor name cannot be written in the SEPA character set",
  amount_out_of_range: "the amount must be 0.01 to 999,999,999.99",
  currency_not_eur: "SEPA credit transfers are in euro only",
};

/**
 * True when a name survives the SEPA character set: after transliteration (sepa-text.ts) it still has
 * a letter and nothing of it became a full stop. "😀😀😀" or "李" written as dots would reach the bank
 * as no name at all.
 */
export function nameSurvivesSepa(name: string): boolean {
  const written = toSepaText(name);
  const dots = (text: string) => text.split(".").length - 1;
  return /[A-Za-z]/.test(written) && dots(written) <= dots(name);
}

/** The first reason the bank's file could not carry an order, or null when it can. */
export function orderProblem(order: {
  creditorIban: string;
  creditorName: string;
  amountCents: bigint;
  currency?: string | undefined;
}): OrderProblem | null {
  const iban = ibanProblem(order.creditorIban);
  if (iban === "country") return "creditor_iban_not_sepa";
  if (iban) return "creditor_iban_invalid";
  if (!nameSurvivesSepa(order.creditorName)) return "creditor_name_not_sepa";
  if (order.amountCents <= 0n || order.amountCents > MAX_TRANSFER_CENTS) return "amount_out_of_range";
  if ((order.currency ?? "EUR") !== "EUR") return "currency_not_eur";
  return null;
}

export function invalidOrder(problem: OrderProblem): AppError {
  return badRequest(
    "payment_order_invalid",
    `The bank's file cannot carry this payment (${problem}): ${ORDER_PROBLEM_TEXT[problem]}`,
  );
}

/* ------------------------------------------------------------------ creating orders */

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

/* ------------------------------------------------------------------ staff actions */

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

/** Staff cancel an order that is not in a file yet; the reason is audited and published. */
export async function cancelOrder(
  db: Kysely<DB>,
  admin: User,
  id: string,
  reason: string,
  now: Date,
  events: EventBus,
): Promise<PaymentOrder> {
  return db.transaction().execute(async (trx) => {
    const row = await repo.lockOrder(trx, id);
    if (!row) throw notFound("payment_order_not_found", "This payment order does not exist");
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
  input: { creditor_iban?: string | undefined; creditor_name?: string | undefined },
  now: Date,
  events: EventBus,
): Promise<PaymentOrder> {
  return db.transaction().execute(async (trx) => {
    const row = await repo.lockOrder(trx, id);
    if (!row) throw notFound("payment_order_not_found", "This payment order does not exist");
    if (row.status !== "returned" || (await repo.findReplacement(trx, id))) {
      throw conflict(
        "payment_order_not_returned",
        "Only a returned order that was not ordered again can be ordered again",
      );
    }
    const creditor = {
      name: input.creditor_name ?? row.creditor_name,
      iban: input.creditor_iban ?? row.creditor_iban,
    };
    const created = await createOrder(
      trx,
      events,
      {
        source: row.source,
        depositId: row.deposit_id,
        userId: row.user_id,
        debtor: { name: row.debtor_name, iban: row.debtor_iban, bic: row.debtor_bic },
        creditor,
        amountCents: BigInt(row.amount_cents),
        principalCents: BigInt(row.principal_cents),
        interestCents: BigInt(row.interest_cents),
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
  input: { creditor_iban?: string | undefined; creditor_name?: string | undefined },
  now: Date,
  events: EventBus,
): Promise<PaymentOrder> {
  return db.transaction().execute(async (trx) => {
    const row = await repo.lockOrder(trx, id);
    if (!row) throw notFound("payment_order_not_found", "This payment order does not exist");
    if (row.status === "awaiting_release") {
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
      const released = await repo.updateOrder(trx, id, {
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
    if (row.status !== "held") {
      throw conflict("payment_order_not_releasable", `This order is ${row.status}; it waits for no release`);
    }
    const creditor = {
      name: input.creditor_name ?? row.creditor_name,
      iban: normalizeIban(input.creditor_iban ?? row.creditor_iban),
    };
    const problem = orderProblem({
      creditorIban: creditor.iban,
      creditorName: creditor.name,
      amountCents: BigInt(row.amount_cents),
    });
    if (problem) throw invalidOrder(problem);
    const redirected = creditor.iban !== row.creditor_iban;
    const updated = await repo.updateOrder(trx, id, {
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
  });
}

/* ------------------------------------------------------------------ files */

function toPaymentFile(row: Awaited<ReturnType<typeof repo.listFiles>>[number]): PaymentFile {
  return {
    id: row.id,
    message_id: row.message_id,
    debtor_iban: row.debtor_iban,
    requested_date: row.requested_date,
    order_count: row.order_count,
    control_sum: centsToNumber(BigInt(row.control_sum_cents)),
    created_at: row.created_at.toISOString(),
    created_by: row.created_by ? { id: row.created_by, email: row.created_by_email ?? "" } : null,
  };
}

function creditorAddressOf(row: repo.PaymentOrderRow): PostalAddress | null {
  if (!row.creditor_town || !row.creditor_country) return null;
  return {
    streetName: row.creditor_street,
    buildingNumber: row.creditor_building,
    postCode: row.creditor_postcode,
    townName: row.creditor_town,
    country: row.creditor_country,
  };
}

/**
 * Turns the open orders into pain.001.001.09 files, one per debtor account (optionally one account
 * only), requested for execution today. The orders become submitted with the file, each audited and
 * published (`order_submitted`); the XML is stored so it can be downloaded again. An order the file
 * could not carry (it became invalid after it was made) is held with its reason instead, and the rest
 * go into the file: one bad order never blocks a bank's payouts (docs/decisions.md "Held payment
 * orders"). The answer lists the files and every held order of the account(s).
 */
export async function createFiles(
  db: Kysely<DB>,
  admin: User,
  input: { account?: string | undefined },
  now: Date,
  events: EventBus,
  settings: PaymentFileSettings,
): Promise<{ files: PaymentFile[]; held: PaymentOrder[] }> {
  const ids = await db.transaction().execute(async (trx) => {
    const candidates = await repo.lockOpenOrders(trx, input.account);
    if (candidates.length === 0) {
      const waiting = await repo.countOrders(trx, { status: "held", account: input.account });
      throw conflict(
        "no_open_payment_orders",
        `There are no open payment orders to put into a file${waiting > 0 ? ` (${waiting} held, waiting for correction)` : ""}`,
      );
    }
    // One pass: each order is held with its reason or goes into its account's file.
    const byAccount = new Map<string, repo.PaymentOrderRow[]>();
    const holds: Array<{ id: string; reason: string }> = [];
    for (const row of candidates) {
      const problem = orderProblem({
        creditorIban: row.creditor_iban,
        creditorName: row.creditor_name,
        amountCents: BigInt(row.amount_cents),
      });
      if (problem) {
        holds.push({ id: row.id, reason: problem });
        continue;
      }
      const orders = byAccount.get(row.debtor_iban);
      if (orders) orders.push(row);
      else byAccount.set(row.debtor_iban, [row]);
    }
    const held = await repo.holdOrders(trx, holds, now);
    await recordAudits(
      trx,
      admin,
      held.map((row) => auditEvent("payment.held", row, { hold_reason: row.hold_reason })),
    );
    const today = businessDate(now);
    const fileIds: string[] = [];
    for (const [iban, orders] of byAccount) {
      const first = orders[0];
      if (!first) continue;
      let file: ReturnType<typeof buildPain001>;
      try {
        file = buildPain001({
          messageId: newMessageId(now),
          createdAt: now,
          initiatingParty: { name: settings.initiatingParty },
          debtor: {
            name: first.debtor_name,
            iban,
            bic: first.debtor_bic,
            postalAddress: structuredAddress(
              {
                street: settings.debtorAddress.street,
                postcode: settings.debtorAddress.postalCode,
                city: settings.debtorAddress.city,
                country: settings.debtorAddress.country,
              },
              iban.slice(0, 2),
            ),
          },
          requestedExecutionDate: today,
          orders: orders.map((o) => ({
            endToEndId: o.end_to_end_id,
            amountCents: BigInt(o.amount_cents),
            creditor: { name: o.creditor_name, iban: o.creditor_iban, postalAddress: creditorAddressOf(o) },
            remittance: o.remittance,
          })),
        });
      } catch (error) {
        if (error instanceof PaymentFileError) {
          throw badRequest("payment_file_invalid", `Account ${iban}: ${error.message}`);
        }
        throw error;
      }
      const stored = await repo.insertFile(trx, {
        message_id: file.messageId,
        debtor_iban: iban,
        requested_date: today,
        order_count: file.numberOfTransactions,
        control_sum_cents: file.controlSumCents,
        xml: file.xml,
        created_at: now,
        created_by: admin.id,
      });
      const submitted = await repo.markSubmitted(
        trx,
        orders.map((o) => o.id),
        stored.id,
        now,
      );
      await recordAudits(
        trx,
        admin,
        submitted.map((row) => auditEvent("payment.submitted", row, { file_id: stored.id })),
      );
      await events.publishMany(
        "payment",
        submitted.map((row) => ({
          kind: "order_submitted" as const,
          at: now,
          order: orderFacts(row),
          fileId: stored.id,
          actorId: admin.id,
        })),
        trx,
      );
      await recordAudit(trx, admin, {
        action: "payment_file.created",
        targetType: "payment_file",
        targetId: stored.id,
        details: {
          message_id: file.messageId,
          debtor_iban: iban,
          orders: file.numberOfTransactions,
          control_sum_cents: String(file.controlSumCents),
          adjustments: file.adjustments.length,
        },
      });
      fileIds.push(stored.id);
    }
    return fileIds;
  });
  const [files, held] = await Promise.all([
    repo.filesByIds(db, ids),
    repo.listOrders(db, { status: "held", account: input.account }, { limit: 500, offset: 0 }),
  ]);
  return { files: files.map(toPaymentFile), held: held.map((r) => toPaymentOrder(r, now)) };
}

export async function listFiles(
  db: Kysely<DB>,
  query: { limit: number; offset: number; account?: string | undefined },
) {
  const filter = { account: query.account };
  const [rows, total] = await Promise.all([
    repo.listFiles(db, filter, { limit: query.limit, offset: query.offset }),
    repo.countFiles(db, filter),
  ]);
  return { items: rows.map(toPaymentFile), total };
}

export async function fileXml(db: Kysely<DB>, id: string) {
  const file = await repo.findFileXml(db, id);
  if (!file) throw notFound("payment_file_not_found", "This payment file does not exist");
  return { fileName: `${file.message_id}.xml`, xml: file.xml };
}

/* ------------------------------------------------------------------ the bank statement */

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

/**
 * A credit that funded nothing waits in suspense: kept for staff (who may send it back) and
 * published (`credit_unmatched`). Returns its id.
 */
export async function recordUnmatchedCredit(
  trx: Db,
  events: EventBus,
  credit: EntryRef & {
    accountIban: string;
    amountCents: bigint;
    currency: string;
    valueDate: string | null;
    payerName: string | null;
    payerIban: string | null;
    remittance: string | null;
    reason: string;
    depositId: string | null;
  },
  now: Date,
): Promise<string | null> {
  const row = await repo.insertUnmatchedCredit(trx, {
    bank_statement_id: credit.statementId,
    entry_key: credit.entryKey,
    account_iban: credit.accountIban,
    amount_cents: credit.amountCents,
    currency: credit.currency,
    booking_date: credit.bookingDate,
    value_date: credit.valueDate,
    payer_name: credit.payerName,
    payer_iban: credit.payerIban,
    remittance: credit.remittance,
    reason: credit.reason,
    deposit_id: credit.depositId,
    created_at: now,
  });
  if (!row) return null;
  await events.publish(
    "payment",
    {
      kind: "credit_unmatched",
      at: now,
      accountIban: credit.accountIban,
      amountCents: Number(credit.amountCents),
      bookingDate: credit.bookingDate,
      statementId: credit.statementId,
      statementEntryKey: credit.entryKey,
      payerIban: credit.payerIban,
      payerName: credit.payerName,
    },
    trx,
  );
  return row.id;
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

/* ------------------------------------------------------------------ unmatched credits */

function toUnmatchedCredit(
  row: Awaited<ReturnType<typeof repo.listUnmatchedCredits>>[number],
): UnmatchedCredit {
  return {
    id: row.id,
    bank_statement_id: row.bank_statement_id,
    entry_key: row.entry_key,
    account_iban: row.account_iban,
    amount: centsToNumber(BigInt(row.amount_cents)),
    currency: row.currency.trim(),
    booking_date: row.booking_date,
    value_date: row.value_date,
    payer_name: row.payer_name,
    payer_iban: row.payer_iban ? maskIban(row.payer_iban) : null,
    remittance: row.remittance,
    reason: row.reason,
    deposit_id: row.deposit_id,
    status: row.status,
    return_order_id: row.return_order_id,
    created_at: row.created_at.toISOString(),
  };
}

export async function listUnmatchedCredits(
  db: Kysely<DB>,
  query: { limit: number; offset: number; status?: UnmatchedCreditStatus | undefined },
) {
  const filter = { status: query.status };
  const [rows, total] = await Promise.all([
    repo.listUnmatchedCredits(db, filter, { limit: query.limit, offset: query.offset }),
    repo.countUnmatchedCredits(db, filter),
  ]);
  return { items: rows.map(toUnmatchedCredit), total };
}

/**
 * The order sending an unmatched credit back to its payer: from the account it arrived on to the
 * payer's IBAN and name, naming the payer's own text; the credit is then `returned`. Made when a
 * second staff member releases the return (bank-exceptions.service.ts).
 */
export async function orderCreditReturn(
  trx: Transaction<DB>,
  credit: repo.UnmatchedCreditRow,
  admin: User,
  now: Date,
  events: EventBus,
  fallbackBank: { holder: string; iban: string; bic: string },
): Promise<PaymentOrderFacts> {
  if (credit.status !== "open") {
    throw conflict("unmatched_credit_not_open", "This credit was settled already");
  }
  if (!credit.payer_iban) {
    throw conflict("unmatched_credit_no_payer", "The statement does not name the payer's IBAN");
  }
  const account =
    normalizeIban(fallbackBank.iban) === credit.account_iban
      ? { holder: fallbackBank.holder, bic: fallbackBank.bic }
      : ((await findPartnerAccountByIban(trx, credit.account_iban)) ??
        (await repo.depositAccount(trx, credit.account_iban)));
  if (!account) {
    throw conflict("unmatched_credit_no_payer", "The account the credit arrived on is not a partner account");
  }
  const text = credit.remittance ? ` ${credit.remittance}` : "";
  const order = await createOrder(trx, events, {
    source: "credit_return",
    depositId: null,
    userId: null,
    debtor: { name: account.holder, iban: credit.account_iban, bic: account.bic },
    creditor: { name: credit.payer_name ?? "Unknown payer", iban: credit.payer_iban },
    amountCents: BigInt(credit.amount_cents),
    remittance: `Return of your transfer of ${credit.booking_date}${text}`.slice(0, 140),
    unmatchedCreditId: credit.id,
    returnsStatementEntry: `${credit.bank_statement_id}/${credit.entry_key}`,
    actor: admin,
    now,
  });
  await repo.updateUnmatchedCredit(trx, credit.id, { status: "returned" });
  return order;
}
