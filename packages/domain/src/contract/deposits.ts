import { z } from "zod";
import {
  CURRENCIES,
  DEPOSIT_STATUSES,
  EARLY_CLOSURE_RULES,
  INTEREST_PAYOUTS,
  LEDGER_KINDS,
  LIMITS,
  MATURITY_INSTRUCTIONS,
} from "../constants.ts";
import {
  calendarDateSchema,
  ibanSchema,
  interestRateSchema,
  moneyAmountSchema,
  statusListQuerySchema,
  timestampSchema,
} from "./common.ts";

/** Where and how the saver sends the money while the deposit awaits funds. */
export const transferInstructionsSchema = z
  .object({
    account_holder: z.string(),
    iban: z.string().describe("The partner bank's account, electronic format"),
    bic: z.string(),
    bank_name: z.string().nullable(),
    amount: z.number().describe("The exact amount to transfer"),
    currency: z.enum(CURRENCIES),
    reference: z.string().describe("ISO 11649 creditor reference, electronic format (RF..)"),
    reference_formatted: z.string().describe("The reference in groups of four, as printed"),
    deadline: timestampSchema.describe("The money must arrive by then, or the deposit lapses"),
    epc_qr_payload: z
      .string()
      .nullable()
      .describe(
        "EPC069-12 (GiroCode) payload; the QR image is its encoding. null when the transfer is not in euro: the EPC QR code is a SEPA credit transfer, defined in euro only",
      ),
  })
  .meta({ id: "TransferInstructions" });

export const depositSchema = z
  .object({
    id: z.string().uuid(),
    application_id: z.string().uuid(),
    previous_deposit_id: z.string().uuid().nullable(),
    status: z.enum(DEPOSIT_STATUSES),
    reference: z.string(),
    amount: z.number().describe("The principal this deposit was agreed for"),
    currency: z.enum(CURRENCIES),
    interest_rate: z.number().describe("Percent per year, fixed for this deposit's term"),
    term: z.number().int().describe("Term in months"),
    maturity_instruction: z.enum(MATURITY_INSTRUCTIONS),
    renew_min_rate: z
      .number()
      .nullable()
      .describe("The threshold of renew_if_rate_at_least, percent per year; null for other instructions"),
    early_closure: z.enum(EARLY_CLOSURE_RULES),
    interest_payout: z
      .enum(INTEREST_PAYOUTS)
      .describe("Copied from the package when the deposit was made: at maturity, or monthly"),
    approved_at: timestampSchema,
    funding_deadline: timestampSchema.nullable(),
    funded_at: timestampSchema.nullable(),
    value_date: z.string().nullable().describe("ISO date the money was credited; the term starts on it"),
    maturity_date: z.string().nullable().describe("ISO date: value date + term"),
    instruction_cutoff: z
      .string()
      .nullable()
      .describe("ISO date: last day the maturity instruction may be changed"),
    matured_at: timestampSchema.nullable(),
    paid_out_at: timestampSchema.nullable(),
    renewed_at: timestampSchema.nullable(),
    lapsed_at: timestampSchema.nullable(),
    withdrawn_at: timestampSchema.nullable(),
    closed_at: timestampSchema.nullable(),
    expected_interest: z.number().describe("Interest at maturity on the principal, at this deposit's rate"),
    ledger: z
      .object({
        principal_received: z.number(),
        interest_credited: z.number(),
        paid_out: z.number(),
        carried_to_renewal: z.number(),
        balance: z.number().describe("Received + credited - paid out - carried into the renewal"),
      })
      .describe("Sums of the ledger entries"),
    transfer: transferInstructionsSchema.nullable().describe("Only while awaiting funds"),
  })
  .meta({ id: "Deposit" });
export type Deposit = z.infer<typeof depositSchema>;

export const depositEventSchema = z.object({
  type: z.string(),
  at: timestampSchema,
  details: z.record(z.string(), z.unknown()),
});

export const ledgerEntrySchema = z.object({
  kind: z.enum(LEDGER_KINDS),
  amount: z.number(),
  value_date: z.string(),
  source: z.string(),
  booked_at: timestampSchema,
});

/** One payment of a deposit's plan (docs/decisions.md "A deposit's plan"), with how far it has got. */
export const planPaymentSchema = z.object({
  kind: z.enum(["interest", "principal"]),
  month: z.number().int().describe("The month of the term the payment closes"),
  date: z.string().describe("ISO date the payment is due"),
  amount: z.number(),
  status: z
    .enum(["upcoming", "ordered", "paid", "returned"])
    .describe("upcoming: not due yet; ordered: with the bank; paid: booked by the bank; returned: sent back"),
});

/** One deposit with its timeline, ledger entries and plan. */
export const depositDetailSchema = depositSchema
  .extend({
    events: z.array(depositEventSchema),
    entries: z.array(ledgerEntrySchema),
    plan: z
      .object({
        total_interest: z.number().describe("The closed formula: principal x rate x months / 12, half-up"),
        interest_paid: z.number().describe("Interest the bank has booked to the reference account so far"),
        payments: z.array(planPaymentSchema),
      })
      .nullable()
      .describe("The dated payments; null until the money arrived (the term starts on the value date)"),
  })
  .meta({ id: "DepositDetail" });
export type DepositDetail = z.infer<typeof depositDetailSchema>;

/** The threshold of the renewal rule: renew only if the term's rate is then at least this. */
export const renewMinRateSchema = interestRateSchema.describe(
  "For renew_if_rate_at_least only: the lowest rate (percent per year) at which the deposit renews",
);

/**
 * The renewal rule's threshold goes with `renew_if_rate_at_least` and with no other instruction
 * (a client of the older contract sends neither, and stays valid).
 */
export function checkRenewMinRate(
  value: { maturity_instruction?: string | undefined; renew_min_rate?: number | undefined | null },
  ctx: z.RefinementCtx,
): void {
  const rule = value.maturity_instruction === "renew_if_rate_at_least";
  const given = value.renew_min_rate !== undefined && value.renew_min_rate !== null;
  if (rule && !given) {
    ctx.addIssue({
      code: "custom",
      path: ["renew_min_rate"],
      message: "Please give the lowest rate at which the deposit should renew",
      params: { code: "renew_min_rate_required" },
    });
  } else if (!rule && given) {
    ctx.addIssue({
      code: "custom",
      path: ["renew_min_rate"],
      message: "A minimum rate belongs only to the instruction renew_if_rate_at_least",
      params: { code: "renew_min_rate_not_allowed" },
    });
  }
}

export const maturityInstructionRequestSchema = z
  .strictObject({
    maturity_instruction: z.enum(MATURITY_INSTRUCTIONS),
    renew_min_rate: renewMinRateSchema.optional(),
  })
  .superRefine(checkRenewMinRate)
  .meta({ id: "MaturityInstructionRequest" });
export type MaturityInstructionRequest = z.infer<typeof maturityInstructionRequestSchema>;

/* ------------------------------------------------------------------ back office */

/** POST /admin/deposits/{id}/funding: staff record money received for an awaiting deposit. */
export const fundingRequestSchema = z
  .strictObject({
    amount: moneyAmountSchema(0.01, LIMITS.maxAmount),
    value_date: calendarDateSchema.describe("The date the bank credited the money"),
    payer_iban: ibanSchema().describe("The account the money came from"),
  })
  .meta({ id: "FundingRequest" });
export type FundingRequest = z.input<typeof fundingRequestSchema>;

export const adminDepositSchema = depositSchema
  .extend({
    account: z.object({ id: z.string().uuid(), email: z.string(), full_name: z.string() }).nullable(),
    applicant_name: z.string(),
    payer_iban: z.string().describe("The saver's reference account, masked"),
    age_days: z.number().int().describe("Whole days since approval"),
  })
  .meta({ id: "AdminDeposit" });
export type AdminDeposit = z.infer<typeof adminDepositSchema>;

export const adminDepositsQuerySchema = statusListQuerySchema(DEPOSIT_STATUSES).extend({
  maturity_from: calendarDateSchema.optional(),
  maturity_to: calendarDateSchema.optional(),
});

export const adminDepositDetailSchema = adminDepositSchema
  .extend({ events: z.array(depositEventSchema), entries: z.array(ledgerEntrySchema) })
  .meta({ id: "AdminDepositDetail" });

/**
 * The longest camt.053 document an import takes: a day of a busy operator's account, 100,000 entries,
 * is about 62 million characters (docs/decisions.md "Money at scale").
 */
export const STATEMENT_XML_MAX_CHARS = 100_000_000;

/** POST /admin/bank-statements: a camt.053 document as text. */
export const bankStatementImportSchema = z
  .strictObject({
    xml: z.string().min(1).max(STATEMENT_XML_MAX_CHARS).describe("The camt.053 XML document"),
    dry_run: z.boolean().default(false).describe("Show what would be matched without booking"),
  })
  .meta({ id: "BankStatementImport" });

export const STATEMENT_UNMATCHED_REASONS = [
  "no_reference",
  "unknown_reference",
  "not_awaiting_funds",
  "amount_mismatch",
  "payer_iban_mismatch",
  "currency_mismatch",
  /** The statement is of another account than the deposit's receiving account. */
  "wrong_account",
  /** The bank's value date lies before the deposit was approved. */
  "value_date_before_approval",
  /** The bank's value date lies further ahead than the import accepts. */
  "value_date_in_future",
] as const;

/** What the import did with each entry of a statement (docs/decisions.md "Statement import"). */
export const STATEMENT_ENTRY_OUTCOMES = [
  "funded",
  "booked_order",
  "returned_order",
  "unmatched",
  "refused",
  "ignored",
] as const;

/** What a statement entry is: a credit or debit, or a reversal, return or refusal of one of ours. */
export const STATEMENT_ENTRY_KINDS = ["credit", "debit", "reversal", "return", "refused"] as const;

/**
 * The fields of a statement entry as the bank wrote it and what it was linked to: the import's answer
 * (`statementEntrySchema`) and the exception queue (`bankExceptionSchema`) show them alike.
 */
export const statementEntryFields = {
  kind: z.enum(STATEMENT_ENTRY_KINDS),
  direction: z.enum(["credit", "debit"]).nullable(),
  amount_text: z.string().nullable(),
  currency: z.string().nullable(),
  booking_date: z.string().nullable(),
  value_date: z.string().nullable(),
  end_to_end_id: z.string().nullable(),
  counterparty_name: z.string().nullable(),
  counterparty_iban: z.string().nullable().describe("Masked"),
  deposit_id: z.string().uuid().nullable(),
  payment_order_id: z.string().uuid().nullable(),
  unmatched_credit_id: z.string().uuid().nullable(),
};

export const statementEntrySchema = z
  .object({
    ...statementEntryFields,
    key: z.string().describe("The bank's entry reference, else the position (#statement.entry.transaction)"),
    amount: z.number().nullable().describe("Null when the amount cannot be read (see amount_text)"),
    remittance: z.string().nullable().describe("What the payer wrote"),
    reference: z.string().nullable(),
    outcome: z.enum(STATEMENT_ENTRY_OUTCOMES),
    reason: z.string().nullable().describe("Why it was not booked, or what it is (reversal, return code)"),
  })
  .meta({ id: "StatementEntry" });
export type StatementEntryView = z.infer<typeof statementEntrySchema>;

export const statementCreditSchema = z.object({
  amount: z.number(),
  currency: z.string(),
  value_date: z.string().nullable(),
  reference: z.string().nullable(),
  payer_name: z.string().nullable(),
  payer_iban: z.string().nullable(),
  bank_reference: z.string().nullable(),
});

/** What identifies an imported statement and how many credits it held: the import's answer and the list show it. */
const bankStatementFields = {
  format: z.string(),
  message_id: z.string(),
  statement_id: z.string(),
  account_iban: z.string().nullable(),
  credits: z.number().int(),
};

export const bankStatementResultSchema = z
  .object({
    id: z.string().uuid().nullable().describe("The stored import (null for a dry run)"),
    already_imported: z.boolean().describe("The same statement was imported before; nothing changed"),
    dry_run: z.boolean(),
    ...bankStatementFields,
    matched: z.array(statementCreditSchema.extend({ deposit_id: z.string().uuid() })),
    unmatched: z.array(
      statementCreditSchema.extend({
        reason: z.enum(STATEMENT_UNMATCHED_REASONS),
        deposit_id: z.string().uuid().nullable(),
      }),
    ),
    entries: z.array(statementEntrySchema).describe("Every entry of the statement with what became of it"),
    opening_balance: z.number().nullable().describe("Opening booked balance (OPBD), signed"),
    closing_balance: z.number().nullable().describe("Closing booked balance (CLBD), signed"),
  })
  .meta({ id: "BankStatementResult" });
export type BankStatementResult = z.infer<typeof bankStatementResultSchema>;

export const bankStatementSummarySchema = z.object({
  id: z.string().uuid(),
  ...bankStatementFields,
  matched: z.number().int(),
  imported_at: timestampSchema,
});

/** GET /admin/deposits/summary: money figures from the ledger. */
export const depositSummarySchema = z
  .object({
    funds_under_management: z.number().describe("Sum of all ledger balances"),
    principal_invested: z.number().describe("Principal received and not yet paid out or carried over"),
    active_investors: z.number().int().describe("Savers with at least one active or matured deposit"),
    awaiting_funds: z.object({ count: z.number().int(), amount: z.number() }),
    maturing_30_days: z.object({ count: z.number().int(), amount: z.number() }),
  })
  .meta({ id: "DepositSummary" });
export type DepositSummary = z.infer<typeof depositSummarySchema>;

export const transferQrSchema = z
  .object({
    payload: z.string().describe("EPC069-12 payload encoded in the image"),
    svg: z.string().describe("The QR code as an SVG document"),
  })
  .meta({ id: "TransferQr" });

/** POST /admin/clock: move the server's clock (only with CLOCK_CONTROL, never in production). */
export const clockRequestSchema = z
  .strictObject({
    to: z.string().datetime({ offset: true }).optional().describe("Set the clock to this instant"),
    advance_days: z.number().int().min(-3660).max(3660).optional().describe("Move the clock by whole days"),
  })
  .meta({ id: "ClockRequest" });

export const clockResponseSchema = z
  .object({ now: timestampSchema, jobs_run: z.number().int().describe("Jobs that fell due and ran") })
  .meta({ id: "Clock" });

export const jobSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  key: z.string(),
  state: z.string(),
  run_at: timestampSchema,
  attempts: z.number().int(),
  last_error: z.string().nullable(),
});

export const jobsOverviewSchema = z
  .object({
    next: z.array(jobSummarySchema).describe("The next jobs due, soonest first"),
    failed: z.array(jobSummarySchema).describe("Jobs that failed every attempt, newest first"),
    retrying: z.array(jobSummarySchema).describe("Jobs that failed and wait for another attempt"),
  })
  .meta({ id: "JobsOverview" });

/** GET /deposits/{id}/early-closure: what closing the deposit today would pay. */
export const earlyClosureQuoteSchema = z
  .object({
    rule: z.enum(EARLY_CLOSURE_RULES).describe("The package's rule for closing before maturity"),
    close_date: z.string().describe("ISO date the deposit would be closed (today)"),
    months_held: z.number().int().describe("Whole months since the value date"),
    principal: z.number(),
    interest: z.number().describe("Interest paid on closure under the rule (0 for no_interest)"),
    payout: z.number().describe("principal + interest, transferred to the reference account"),
    interest_at_maturity: z.number().describe("What holding the deposit to maturity would earn, to compare"),
    currency: z.enum(CURRENCIES),
  })
  .meta({ id: "EarlyClosureQuote" });
export type EarlyClosureQuote = z.infer<typeof earlyClosureQuoteSchema>;

/** POST /deposits/{id}/early-closure: the saver confirms the figures they were shown. */
export const earlyClosureRequestSchema = z
  .strictObject({
    expected_payout: z
      .number()
      .nonnegative()
      .describe("The payout the saver was shown; if today's figure differs, nothing happens (409)"),
  })
  .meta({ id: "EarlyClosureRequest" });
export type EarlyClosureRequest = z.infer<typeof earlyClosureRequestSchema>;
