import { z } from "zod";
import { LIMITS } from "../constants.ts";
import {
  applicantFields,
  applicationSchema,
  infoSheetAcknowledgedSchema,
  maturityInstructionSchema,
  referenceIbanSchema,
} from "./applications.ts";
import {
  durationMonthsSchema,
  ibanSchema,
  interestRateSchema,
  moneyAmountSchema,
  timestampSchema,
} from "./common.ts";
import { checkRenewMinRate, renewMinRateSchema } from "./deposits.ts";

/**
 * The saver tools beyond the specification: the deposit ladder, rate alerts, the yearly interest
 * statement for tax and the public check of transfer details (docs/decisions.md, "Saver tools").
 */

/* ------------------------------------------------------------------ deposit ladder */

/** A ladder has two to five rungs: fewer is a single deposit, more than the terms on offer is not possible. */
export const LADDER_RUNGS = { min: 2, max: 5 } as const;

/**
 * POST /ladders: a total spread over several terms, one application per rung. The application's
 * details (name, contact, reference IBAN, information sheet) are asked once and hold for every rung;
 * the maturity instruction defaults to renew_all, which for a rung means "into the ladder's longest term".
 */
export const ladderCreateRequestSchema = z
  .strictObject({
    total_amount: moneyAmountSchema(LIMITS.minAmount, LIMITS.maxAmount).describe(
      "The whole amount, split in whole 100 EUR over the rungs (remainder on the longest)",
    ),
    terms: z
      .array(durationMonthsSchema)
      .min(LADDER_RUNGS.min)
      .max(LADDER_RUNGS.max)
      .refine((terms) => new Set(terms).size === terms.length, {
        message: "Each term may appear once",
        params: { code: "ladder_terms_not_distinct" },
      })
      .describe("The terms of the rungs in months, each once"),
    ...applicantFields,
    reference_iban: referenceIbanSchema,
    maturity_instruction: maturityInstructionSchema
      .optional()
      .describe("For every rung; default renew_all (a rung renews into the ladder's longest term)"),
    renew_min_rate: renewMinRateSchema.optional(),
    info_sheet_acknowledged: infoSheetAcknowledgedSchema,
  })
  .superRefine(checkRenewMinRate)
  .meta({ id: "LadderCreateRequest" });
export type LadderCreateRequest = z.input<typeof ladderCreateRequestSchema>;

export const ladderRungSchema = z.object({
  term: z.number().int().describe("Term in months"),
  amount: z.number().describe("This rung's principal"),
  application: applicationSchema,
});

export const ladderSchema = z
  .object({
    id: z.string().uuid(),
    total_amount: z.number(),
    currency: z.literal("EUR"),
    longest_term: z
      .number()
      .int()
      .describe("The term every rung renews into unless its instruction says otherwise"),
    created_at: timestampSchema,
    rungs: z.array(ladderRungSchema).describe("Shortest term first"),
  })
  .meta({ id: "Ladder" });
export type Ladder = z.infer<typeof ladderSchema>;
export const ladderListSchema = z.array(ladderSchema);

/* ------------------------------------------------------------------ rate alerts */

/** How many rate alerts one saver may keep. */
export const RATE_ALERT_LIMIT = 10;

export const rateAlertCreateRequestSchema = z
  .strictObject({
    term: durationMonthsSchema,
    rate: interestRateSchema.describe(
      "Tell me when an active package for this term offers at least this rate",
    ),
  })
  .meta({ id: "RateAlertCreateRequest" });
export type RateAlertCreateRequest = z.input<typeof rateAlertCreateRequestSchema>;

export const rateAlertSchema = z
  .object({
    id: z.string().uuid(),
    term: z.number().int(),
    rate: z.number().describe("Percent per year"),
    reached: z
      .boolean()
      .describe(
        "The best rate for the term is at or above the alert's rate now; it fires again only after it falls below",
      ),
    best_rate: z.number().nullable().describe("The best rate an active package offers for the term today"),
    last_fired_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: "RateAlert" });
export type RateAlert = z.infer<typeof rateAlertSchema>;
export const rateAlertListSchema = z.array(rateAlertSchema);

/* ------------------------------------------------------------------ yearly interest statement */

export const taxStatementRequestSchema = z
  .strictObject({
    year: z.number().int().min(2000).max(2100).describe("The calendar year the statement covers"),
  })
  .meta({ id: "TaxStatementRequest" });

export const taxStatementRunSchema = z
  .object({
    year: z.number().int(),
    savers: z.number().int().describe("Savers with interest credited in the year"),
    issued: z.number().int().describe("Statements issued by this call"),
    already_issued: z
      .number()
      .int()
      .describe("Statements that existed already (each saver gets one per year)"),
  })
  .meta({ id: "TaxStatementRun" });
export type TaxStatementRun = z.infer<typeof taxStatementRunSchema>;

/* ------------------------------------------------------------------ check of transfer details */

export const verifyTransferQuerySchema = z.object({
  iban: ibanSchema(() => "This is not a valid IBAN").describe(
    "The IBAN someone gave you for a deposit; spaces allowed",
  ),
});

export const verifyTransferSchema = z
  .object({
    iban: z.string().describe("The IBAN checked, electronic format"),
    partner_account: z.boolean().describe("Whether this IBAN is one of the platform's partner bank accounts"),
    holder: z
      .string()
      .nullable()
      .describe("The exact account holder name the payee check of your bank should show; null if not ours"),
    bic: z.string().nullable(),
    bank_name: z.string().nullable(),
  })
  .meta({ id: "VerifyTransfer" });
export type VerifyTransfer = z.infer<typeof verifyTransferSchema>;
