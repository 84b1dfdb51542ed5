import { z } from "zod";
import {
  APPLICATION_STATUSES,
  CURRENCIES,
  INTEREST_PAYOUTS,
  LIMITS,
  MATURITY_INSTRUCTIONS,
  PHONE_LIMITS,
  PHONE_PATTERN,
} from "../constants.ts";
import type { IbanProblem } from "../iban.ts";
import { fullNameSchema } from "./auth.ts";
import { packageBankSchema } from "./banks.ts";
import { emailSchema, ibanSchema, moneyAmountSchema, timestampSchema } from "./common.ts";
import { checkRenewMinRate, depositSchema, renewMinRateSchema } from "./deposits.ts";

/**
 * Field refinements may carry one of our error codes in `params.code`; when it is the only problem
 * of a request, the error handler answers with that code (so the saver reads "Please enter a valid
 * IBAN" in their language rather than a generic validation message).
 */
const IBAN_DETAIL: Record<IbanProblem, string> = {
  empty: "Please enter the IBAN of your reference account",
  format:
    "An IBAN starts with a two-letter country code and two check digits, followed by letters and digits",
  country: "The reference account must be held in a SEPA country",
  length: "The IBAN does not have the length used in its country",
  checksum: "The IBAN check digits do not match; please check for a typing error",
};

/** The saver's SEPA reference account: any spacing and case in, the electronic format out. */
export const referenceIbanSchema = ibanSchema((problem) => IBAN_DETAIL[problem]).describe(
  "IBAN of the saver's SEPA reference account (ISO 13616); spaces allowed, stored without",
);

/** A telephone number as people type it (PHONE_PATTERN), with 6 to 20 digits. */
export const phoneSchema = z
  .string()
  .trim()
  .max(PHONE_LIMITS.maxLength)
  .regex(PHONE_PATTERN, { message: "Please enter a telephone number" })
  .refine(
    (value) => {
      const digits = value.replace(/\D/g, "").length;
      return digits >= PHONE_LIMITS.minDigits && digits <= PHONE_LIMITS.maxDigits;
    },
    { message: "Please enter a telephone number with 6 to 20 digits" },
  );

export const maturityInstructionSchema = z
  .enum(MATURITY_INSTRUCTIONS)
  .describe(
    "payout: principal and interest to the reference account; renew_principal: renew the principal, pay out the interest; renew_all: renew principal and interest; renew_if_rate_at_least: renew principal and interest if the term's rate then is at least renew_min_rate, else pay out",
  );

/** The saver confirms receiving the depositor information sheet (an application, a ladder). */
export const infoSheetAcknowledgedSchema = z
  .boolean()
  .refine((value) => value === true, {
    message: "Please confirm that you have received the depositor information sheet",
    params: { code: "info_sheet_not_acknowledged" },
  })
  .meta({ const: true, description: "Must be true: the depositor information sheet was received" });

/** The details a deposit needs beyond the original application fields. */
export const APPLICATION_DETAILS = [
  "reference_iban",
  "maturity_instruction",
  "info_sheet_acknowledged",
] as const;
export type ApplicationDetail = (typeof APPLICATION_DETAILS)[number];

/** Who applies and how to reach them, with their note: an application's and a ladder's first fields. */
export const applicantFields = {
  full_name: fullNameSchema,
  email: emailSchema,
  phone: phoneSchema,
  message: z.string().trim().max(2000).nullish(),
};

/**
 * POST /applications: the original fields plus what a real deposit application needs. The three
 * details may be left out (clients of the original contract send none): the application is then
 * stored as pending with `missing_details`, the saver completes them on the dashboard, and it cannot be
 * approved before. A detail that is sent must be valid.
 */
export const applicationCreateRequestSchema = z
  .strictObject({
    ...applicantFields,
    amount: moneyAmountSchema(LIMITS.minAmount, LIMITS.maxAmount),
    package_id: z.string().uuid(),
    reference_iban: referenceIbanSchema.optional(),
    maturity_instruction: maturityInstructionSchema.optional(),
    renew_min_rate: renewMinRateSchema.optional(),
    info_sheet_acknowledged: infoSheetAcknowledgedSchema.optional(),
  })
  .superRefine(checkRenewMinRate)
  .meta({ id: "ApplicationCreateRequest" });
export type ApplicationCreateRequest = z.input<typeof applicationCreateRequestSchema>;

/** PATCH /applications/{id}/details: the saver completes (or corrects) the details while pending. */
export const applicationDetailsRequestSchema = z
  .strictObject({
    reference_iban: referenceIbanSchema,
    maturity_instruction: maturityInstructionSchema,
    renew_min_rate: renewMinRateSchema.optional(),
    info_sheet_acknowledged: infoSheetAcknowledgedSchema,
  })
  .superRefine(checkRenewMinRate)
  .meta({ id: "ApplicationDetailsRequest" });
export type ApplicationDetailsRequest = z.input<typeof applicationDetailsRequestSchema>;

/**
 * An application as its owner sees it (the specified fields plus the dashboard's figures). Rate and term
 * are the package's values when the application was sent; later package changes never alter them.
 * The back office extends this with its own fields.
 */
export const applicationSchema = z
  .object({
    id: z.string().uuid(),
    userId: z.string().uuid().nullable(),
    full_name: z.string(),
    email: z.string(),
    phone: z.string(),
    amount: z.number().describe("Principal in the package's currency"),
    currency: z.enum(CURRENCIES),
    term: z.number().int().describe("Term in months"),
    status: z.enum(APPLICATION_STATUSES),
    created_at: timestampSchema,
    package_id: z.string().uuid(),
    package: z.object({
      duration_months: z.number().int(),
      interest_rate: z.number().describe("Percent per year, fixed when the application was sent"),
      interest_payout: z.enum(INTEREST_PAYOUTS).describe("When the package pays interest"),
      bank: packageBankSchema.describe("The partner bank of the package (it holds the money)"),
    }),
    message: z.string().nullable(),
    reference_iban: z
      .string()
      .nullable()
      .describe("Masked: country, check digits and the last four characters; null while missing"),
    maturity_instruction: maturityInstructionSchema.nullable().describe("null while missing"),
    renew_min_rate: z.number().nullable().describe("The threshold of renew_if_rate_at_least; null otherwise"),
    ladder_id: z.string().uuid().nullable().describe("The deposit ladder this application is a rung of"),
    missing_details: z
      .array(z.enum(APPLICATION_DETAILS))
      .describe("Details still to be given before the application can be approved; empty when complete"),
    expected_interest: z.number().describe("Simple interest at maturity (the expected return)"),
    maturity_amount: z.number().describe("amount + expected_interest"),
    maturity_date: z
      .string()
      .nullable()
      .describe("ISO date the current deposit's term ends (value date + term); null until funded"),
    withdrawal_deadline: z
      .string()
      .nullable()
      .describe("ISO 8601 timestamp: end of the 14-day withdrawal period; null unless approved"),
    decided_at: z.string().nullable(),
    withdrawn_at: z.string().nullable(),
    rejection_reason: z.string().nullable().describe("Why the application was rejected, for the saver"),
    deposit: depositSchema
      .nullable()
      .describe("The current deposit of an approved application (the latest renewal); null before approval"),
    previous_deposits: z
      .array(depositSchema)
      .describe("Earlier deposits of this application that were renewed into the current one, newest first"),
  })
  .meta({ id: "Application" });
export type Application = z.infer<typeof applicationSchema>;

export const applicationListSchema = z.array(applicationSchema);

/**
 * What the saver must still do (or wait for) before an application of theirs can be approved, in the
 * order they usually do it. Staff-only checks (sanctions screening) are not part of it.
 */
export const APPROVAL_STEPS = [
  "confirm_email",
  "verify_identity",
  "personal_data",
  "complete_details",
] as const;
export type ApprovalStep = (typeof APPROVAL_STEPS)[number];
export const APPROVAL_STEP_STATES = ["done", "to_do", "in_review"] as const;
export const KYC_DOCUMENT_GROUPS = ["identity", "utility_bill", "selfie"] as const;

/** GET /me/approval-checklist */
export const approvalChecklistSchema = z
  .object({
    steps: z.array(
      z.object({
        step: z.enum(APPROVAL_STEPS),
        state: z
          .enum(APPROVAL_STEP_STATES)
          .describe("to_do: the saver's turn; in_review: everything is in, staff decide; done"),
      }),
    ),
    documents_to_provide: z
      .array(z.enum(KYC_DOCUMENT_GROUPS))
      .describe(
        "Documents not uploaded yet, or rejected: identity (ID card both sides or passport), proof of address, selfie",
      ),
    incomplete_applications: z
      .array(z.string().uuid())
      .describe(
        "Pending applications whose details (reference IBAN, maturity instruction, information sheet) are missing",
      ),
    ready: z.boolean().describe("Nothing is left for the saver to do; an application waits for staff"),
  })
  .meta({ id: "ApprovalChecklist" });
export type ApprovalChecklist = z.infer<typeof approvalChecklistSchema>;
