import { z } from "zod";
import { CURRENCIES, DURATIONS_MONTHS, INTEREST_PAYOUTS, LIMITS } from "../constants.ts";
import { toBasisPoints, toCents } from "../money/interest.ts";

/** An amount of money as a JSON number: at most two decimals, so it converts to cents exactly. */
export const moneyAmountSchema = (min: number, max: number) =>
  z
    .number()
    .min(min)
    .max(max)
    .refine((value) => toCents(value) !== null, { message: "Use at most two decimal places" });

/** An interest rate in percent with at most two decimals (3.99), within the calculator's limits. */
export const interestRateSchema = z
  .number()
  .min(LIMITS.minRate)
  .max(LIMITS.maxRate)
  .refine((value) => toBasisPoints(value) !== null, { message: "Use at most two decimal places" })
  .describe("Percent per year, e.g. 3.5");

/** A term the platform sells: an enum in the published document, as the server checks it. */
export const durationMonthsSchema = z
  .literal(DURATIONS_MONTHS, { message: `must be one of ${DURATIONS_MONTHS.join(", ")}` })
  .describe(`Term in months: ${DURATIONS_MONTHS.join(", ")}`);

/** POST /calculate. */
export const calculateRequestSchema = z
  .strictObject({
    amount: moneyAmountSchema(LIMITS.minAmount, LIMITS.maxAmount),
    duration_months: durationMonthsSchema,
    interest_rate: interestRateSchema,
    currency: z.enum(CURRENCIES),
    interest_payout: z
      .enum(INTEREST_PAYOUTS)
      .optional()
      .describe("at_maturity (the default) or monthly: monthly adds the payment of each month"),
  })
  .meta({ id: "CalculateRequest" });
export type CalculateRequest = z.input<typeof calculateRequestSchema>;

/** The result, with the inputs it was computed for, so a page shows which calculation it displays. */
export const calculateResponseSchema = z
  .object({
    principal: z.number(),
    total_interest: z.number().describe("Simple interest for the whole term, rounded half-up to the cent"),
    monthly_interest: z.number().describe("total_interest / months, rounded half-up to the cent"),
    total_amount: z.number().describe("principal + total_interest"),
    duration_months: z.number().int(),
    interest_rate: z.number(),
    currency: z.enum(CURRENCIES),
    interest_payout: z.enum(INTEREST_PAYOUTS).optional().describe("As asked; absent when not asked"),
    interest_payments: z
      .array(z.object({ month: z.number().int(), amount: z.number() }))
      .optional()
      .describe(
        "Monthly payout only: each month's payment (the month's interest half-up, the last takes the remainder)",
      ),
  })
  .meta({ id: "CalculateResponse" });
export type CalculateResponse = z.infer<typeof calculateResponseSchema>;
