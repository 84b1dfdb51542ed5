import { z } from "zod";
import { CURRENCIES, INTEREST_PAYOUTS, LIMITS } from "../constants.ts";
import { durationMonthsSchema, interestRateSchema, moneyAmountSchema } from "./common.ts";

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
