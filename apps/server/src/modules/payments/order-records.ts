import {
  BOOKS_CURRENCY,
  BUSINESS_TIME_ZONE,
  dateInZone,
  maskIban,
  money,
  moneyToJsonNumber,
  type PaymentOrder,
  type User,
} from "@festgeld/domain";
import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../db/schema.ts";
import { type AuditEvent, recordAudit } from "../audit/audit.service.ts";
import type { PaymentOrderFacts } from "./payment-events.ts";
import type * as repo from "./payments.repository.ts";

export type Db = Kysely<DB> | Transaction<DB>;

/** Who changed an order: a staff member, or the platform itself (a job). */
export type PaymentActor = Pick<User, "id" | "email"> | { id: null; email: string };
export const SYSTEM_ACTOR: PaymentActor = { id: null, email: "system" };

export const businessDate = (instant: Date) => dateInZone(instant, BUSINESS_TIME_ZONE);

/** An order's cents (the books' currency, as every payment order) as the contract's euro number. */
export const booksAmount = (cents: bigint) => moneyToJsonNumber(money(cents, BOOKS_CURRENCY));

export function orderFacts(row: repo.FileOrderRow): PaymentOrderFacts {
  return {
    id: row.id,
    source: row.source,
    status: row.status,
    depositId: row.deposit_id,
    userId: row.user_id,
    debtorIban: row.debtor_iban,
    creditorIban: row.creditor_iban,
    creditorName: row.creditor_name,
    amountCents: row.amount_cents,
    principalCents: row.principal_cents,
    interestCents: row.interest_cents,
    endToEndId: row.end_to_end_id,
    remittance: row.remittance,
    requestedDate: row.requested_date,
    returnsStatementEntry: row.returns_statement_entry,
  };
}

export function toPaymentOrder(row: repo.PaymentOrderRow, now: Date): PaymentOrder {
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
    amount: booksAmount(row.amount_cents),
    principal: booksAmount(row.principal_cents),
    interest: booksAmount(row.interest_cents),
    currency: BOOKS_CURRENCY,
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

export async function audit(
  trx: Db,
  actor: PaymentActor,
  action: PaymentAuditAction,
  row: repo.FileOrderRow,
  details: Record<string, unknown> = {},
) {
  await recordAudit(trx as Kysely<DB>, actor, auditEvent(action, row, details));
}

export function auditEvent(
  action: PaymentAuditAction,
  row: repo.FileOrderRow,
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
