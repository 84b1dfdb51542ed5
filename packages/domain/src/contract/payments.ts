import { z } from "zod";
import {
  ibanSchema,
  paginationQuerySchema,
  staffEmailRefSchema,
  statusListQuerySchema,
  text,
  timestampSchema,
} from "./common.ts";
import { STATEMENT_ENTRY_KINDS, statementEntryFields } from "./deposits.ts";

/**
 * Why money leaves a partner bank account (docs/decisions.md "Payment orders"): principal and interest
 * at maturity; the interest of a principal-only renewal; a monthly interest payment; the principal returned after a withdrawal
 * under the 14-day right; what an early closure pays; a credit that could not be matched (or was
 * refused), sent back to its payer.
 */
export const PAYMENT_ORDER_SOURCES = [
  "maturity_payout",
  "renewal_interest",
  "monthly_interest",
  "withdrawal_refund",
  "early_closure",
  "credit_return",
] as const;
export type PaymentOrderSourceCode = (typeof PAYMENT_ORDER_SOURCES)[number];

/**
 * ordered -> submitted (in a file) -> booked (on the statement); or returned, or cancelled before submission.
 * Before `ordered`: `held` (a job made it and the bank's file could not carry it: staff correct and release it)
 * and `awaiting_release` (a second staff member must release it: docs/decisions.md "Four eyes on where a
 * payout goes").
 */
export const PAYMENT_ORDER_STATUSES = [
  "held",
  "awaiting_release",
  "ordered",
  "submitted",
  "booked",
  "returned",
  "cancelled",
] as const;
export type PaymentOrderStatusCode = (typeof PAYMENT_ORDER_STATUSES)[number];

export const paymentOrderSchema = z
  .object({
    id: z.string().uuid(),
    source: z.enum(PAYMENT_ORDER_SOURCES),
    status: z.enum(PAYMENT_ORDER_STATUSES),
    deposit_id: z.string().uuid().nullable(),
    unmatched_credit_id: z.string().uuid().nullable(),
    replaces_order_id: z.string().uuid().nullable(),
    debtor_name: z.string(),
    debtor_iban: z.string().describe("The partner bank account the money leaves"),
    creditor_name: z.string(),
    creditor_iban: z.string().describe("Masked"),
    amount: z.number(),
    principal: z.number(),
    interest: z.number(),
    currency: z.literal("EUR"),
    end_to_end_id: z.string(),
    remittance: z.string(),
    requested_date: z.string().describe("ISO date the order asks the bank to execute it"),
    file_id: z.string().uuid().nullable(),
    booking_date: z.string().nullable().describe("ISO date the bank booked the debit"),
    return_reason: z.string().nullable(),
    cancel_reason: z.string().nullable(),
    hold_reason: z
      .string()
      .nullable()
      .describe(
        "Why a held order cannot go into a file: creditor_iban_invalid, creditor_iban_not_sepa, creditor_name_not_sepa, amount_out_of_range, currency_not_eur",
      ),
    created_by: z.string().uuid().nullable().describe("The staff member who created it; null for a job"),
    requested_by: z
      .string()
      .uuid()
      .nullable()
      .describe("Who asked for the release (awaiting_release); someone else must release it"),
    released_by: z.string().uuid().nullable(),
    released_at: timestampSchema.nullable(),
    created_at: timestampSchema,
    updated_at: timestampSchema,
    age_days: z.number().int().describe("Whole days since the order was created"),
  })
  .meta({ id: "PaymentOrder" });
export type PaymentOrder = z.infer<typeof paymentOrderSchema>;

export const adminPaymentsQuerySchema = statusListQuerySchema(PAYMENT_ORDER_STATUSES).extend({
  account: ibanSchema().optional().describe("Only orders from this partner bank account"),
  older_than_days: z.coerce.number().int().min(0).max(3660).optional(),
});

export const paymentCancelSchema = z
  .strictObject({ reason: text(500).describe("Why the order is cancelled (kept in the audit log)") })
  .meta({ id: "PaymentCancelRequest" });

export const paymentReorderSchema = z
  .strictObject({
    creditor_iban: ibanSchema().optional().describe("A corrected IBAN; by default the returned order's"),
    creditor_name: text(70).optional(),
  })
  .meta({ id: "PaymentReorderRequest" });

export const paymentReleaseSchema = z
  .strictObject({
    creditor_iban: ibanSchema().optional().describe("For a held order: the corrected IBAN"),
    creditor_name: text(70).optional().describe("For a held order: the corrected name"),
  })
  .meta({ id: "PaymentReleaseRequest" });

export const paymentFileCreateSchema = z
  .strictObject({
    account: ibanSchema().optional().describe("Only the open orders of this debtor account"),
  })
  .meta({ id: "PaymentFileCreateRequest" });

export const paymentFileSchema = z
  .object({
    id: z.string().uuid(),
    message_id: z.string(),
    debtor_iban: z.string(),
    requested_date: z.string(),
    order_count: z.number().int(),
    control_sum: z.number(),
    created_at: timestampSchema,
    created_by: staffEmailRefSchema.nullable(),
  })
  .meta({ id: "PaymentFile" });
export type PaymentFile = z.infer<typeof paymentFileSchema>;

export const paymentFilesCreatedSchema = z
  .object({
    files: z.array(paymentFileSchema),
    held: z
      .array(paymentOrderSchema)
      .describe("Orders left out because the file cannot carry them, each with its hold_reason"),
  })
  .meta({ id: "PaymentFilesCreated" });

export const paymentFilesQuerySchema = paginationQuerySchema.extend({
  account: ibanSchema().optional(),
});

/** open; returned (a return order exists); assigned to a deposit or written off from the exception queue. */
export const UNMATCHED_CREDIT_STATUSES = ["open", "returned", "assigned", "written_off"] as const;

/** Where a statement entry the import left over came from: the imported statement, the entry, the account. */
const statementEntryOriginFields = {
  id: z.string().uuid(),
  bank_statement_id: z.string().uuid(),
  entry_key: z.string(),
  account_iban: z.string(),
};

export const unmatchedCreditSchema = z
  .object({
    ...statementEntryOriginFields,
    amount: z.number(),
    currency: z.string(),
    booking_date: z.string(),
    value_date: z.string().nullable(),
    payer_name: z.string().nullable(),
    payer_iban: z.string().nullable().describe("Masked"),
    remittance: z.string().nullable().describe("What the payer wrote"),
    reason: z.string(),
    deposit_id: z.string().uuid().nullable(),
    status: z.enum(UNMATCHED_CREDIT_STATUSES),
    return_order_id: z.string().uuid().nullable(),
    created_at: timestampSchema,
  })
  .meta({ id: "UnmatchedCredit" });
export type UnmatchedCredit = z.infer<typeof unmatchedCreditSchema>;

export const unmatchedCreditsQuerySchema = statusListQuerySchema(UNMATCHED_CREDIT_STATUSES);

/* ------------------------------------------------------------------ bank exceptions */

/**
 * The staff work queue of statement entries the import could not settle by itself (docs/decisions.md
 * "Bank exceptions"): what the entry is, why it waits, and what staff did.
 */
export const BANK_EXCEPTION_KINDS = STATEMENT_ENTRY_KINDS;
export const BANK_EXCEPTION_STATUSES = ["open", "pending_release", "resolved"] as const;
export const BANK_EXCEPTION_ACTIONS = [
  "return_to_payer",
  "assign_to_deposit",
  "bank_fee",
  "write_off",
  "handled_outside",
] as const;
export type BankExceptionActionCode = (typeof BANK_EXCEPTION_ACTIONS)[number];
/** Actions one staff member requests and a second releases. */
export const FOUR_EYES_ACTIONS: readonly BankExceptionActionCode[] = ["return_to_payer", "write_off"];

export const bankExceptionSchema = z
  .object({
    ...statementEntryOriginFields,
    ...statementEntryFields,
    reason: z.string().describe("Why the import left it to staff"),
    amount: z.number().nullable().describe("Null when the bank's amount cannot be read"),
    remittance: z.string().nullable(),
    status: z.enum(BANK_EXCEPTION_STATUSES),
    actions: z.array(z.enum(BANK_EXCEPTION_ACTIONS)).describe("What staff may do with it now"),
    action: z.enum(BANK_EXCEPTION_ACTIONS).nullable(),
    action_reason: z.string().nullable(),
    action_deposit_id: z.string().uuid().nullable(),
    action_by: staffEmailRefSchema.nullable(),
    action_at: timestampSchema.nullable(),
    released_by: staffEmailRefSchema.nullable(),
    released_at: timestampSchema.nullable(),
    return_order_id: z.string().uuid().nullable(),
    created_at: timestampSchema,
  })
  .meta({ id: "BankException" });
export type BankException = z.infer<typeof bankExceptionSchema>;

export const bankExceptionsQuerySchema = statusListQuerySchema(BANK_EXCEPTION_STATUSES);

export const bankExceptionActionSchema = z
  .object({
    action: z.enum(BANK_EXCEPTION_ACTIONS),
    reason: text(500).optional().describe("Required for write_off and handled_outside"),
    deposit_id: z.string().uuid().optional().describe("Required for assign_to_deposit"),
  })
  .meta({ id: "BankExceptionAction" });
