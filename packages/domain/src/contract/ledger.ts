import { z } from "zod";
import { calendarDateSchema, ibanTextSchema, paginationQuerySchema } from "./common.ts";

/** A partner bank account as staff name it (spaces allowed), electronic format out; only its shape is checked. */
const bankAccountSchema = ibanTextSchema.refine((iban) => /^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(iban), {
  message: "Not an IBAN",
  params: { code: "invalid_iban" },
});

export const LEDGER_ACCOUNT_TYPES = [
  "cash",
  "interest_expense",
  "suspense",
  "in_transit",
  "deposit",
  "bank_fees",
  "write_off",
] as const;

export const trialBalanceQuerySchema = z.object({
  date: calendarDateSchema.describe("The day whose end the balances are taken at (by effective date)"),
});

export const trialBalanceSchema = z
  .object({
    date: z.string(),
    currency: z.literal("EUR"),
    accounts: z.array(
      z.object({
        account: z.string().describe("The account's address, e.g. banks:DE89...:cash or deposits:<id>"),
        type: z.enum(LEDGER_ACCOUNT_TYPES),
        bank_iban: z.string(),
        balance: z.number().describe("Debit positive, credit negative, in euros"),
        balance_cents: z.number().int(),
      }),
    ),
    debits: z.number().describe("Sum of the debit balances"),
    credits: z.number().describe("Sum of the credit balances (negative)"),
    total: z.number().describe("Debits + credits: exactly 0 when the books balance"),
    total_cents: z.number().int(),
  })
  .meta({ id: "TrialBalance" });
export type TrialBalance = z.infer<typeof trialBalanceSchema>;

export const reconciliationQuerySchema = z.object({
  date: calendarDateSchema.describe("The day whose end is compared"),
  account: bankAccountSchema.describe("The partner bank account (IBAN)"),
});

export const RECONCILIATION_STATUSES = ["consistent", "difference", "no_statement"] as const;

export const reconciliationDifferenceSchema = z.object({
  side: z
    .enum(["book_only", "bank_only"])
    .describe("book_only: booked here, not at the bank; bank_only: at the bank, not here"),
  date: z.string(),
  amount: z.number().describe("Signed, as the cash account sees it: money in positive"),
  amount_cents: z.number().int(),
  entry_id: z.number().int().nullable().describe("The journal entry (book_only)"),
  kind: z.string().nullable().describe("The journal entry's kind (book_only)"),
  statement_id: z.string().nullable(),
  statement_entry_key: z.string().nullable(),
  end_to_end_id: z.string().nullable(),
});

export const reconciliationSchema = z
  .object({
    date: z.string(),
    account: z.string(),
    status: z.enum(RECONCILIATION_STATUSES),
    book_balance: z.number(),
    book_balance_cents: z.number().int(),
    bank_balance: z.number().nullable().describe("The statement's closing balance (CLBD) of that day"),
    bank_balance_cents: z.number().int().nullable(),
    difference: z.number().nullable().describe("Book minus bank"),
    difference_cents: z.number().int().nullable(),
    statement_id: z.string().nullable(),
    differences: z.array(reconciliationDifferenceSchema),
    open_exceptions: z
      .array(
        z.object({
          id: z.string().uuid(),
          kind: z.string(),
          reason: z.string(),
          amount: z.number().nullable(),
          currency: z.string().nullable(),
          booking_date: z.string().nullable(),
          end_to_end_id: z.string().nullable(),
          status: z.string(),
        }),
      )
      .describe(
        "Statement entries of this account booked up to the day that wait in the exception queue (a partial return, a debit no order names ...)",
      ),
  })
  .meta({ id: "Reconciliation" });
export type Reconciliation = z.infer<typeof reconciliationSchema>;

export const reconciliationRunsQuerySchema = paginationQuerySchema.extend({
  account: bankAccountSchema.optional(),
});

export const reconciliationRunSchema = z
  .object({
    id: z.number().int(),
    account: z.string(),
    date: z.string(),
    status: z.enum(RECONCILIATION_STATUSES),
    book_balance: z.number(),
    bank_balance: z.number().nullable(),
    differences: z.number().int().describe("How many differences the run found"),
    run_at: z.string(),
  })
  .meta({ id: "ReconciliationRun" });
export const reconciliationRunListSchema = z.array(reconciliationRunSchema);
export type ReconciliationRun = z.infer<typeof reconciliationRunSchema>;

export const holdingsStatementRequestSchema = z.object({
  date: calendarDateSchema.describe("The day whose end the statement shows; today or earlier"),
});
