import { z } from "zod";
import { CURRENCIES, INTEREST_PAYOUTS } from "../constants.ts";
import { packageBankSchema } from "./banks.ts";
import { languageSchema } from "./common.ts";

export const packageSchema = z
  .object({
    id: z.string().uuid(),
    duration_months: z.number().int(),
    interest_rate: z.number().describe("Percent per year, e.g. 3.5"),
    min_amount: z.number(),
    max_amount: z.number(),
    currency: z.enum(CURRENCIES),
    features: z.array(z.string()),
    interest_payout: z
      .enum(INTEREST_PAYOUTS)
      .describe("Interest paid all at maturity, or month by month to the reference account"),
    bank: packageBankSchema.describe("The partner bank that takes this package's deposits"),
  })
  .meta({ id: "Package" });
export type Package = z.infer<typeof packageSchema>;

export const packageListSchema = z.array(packageSchema);

export const packagesQuerySchema = z.object({
  lang: languageSchema.optional(),
});
