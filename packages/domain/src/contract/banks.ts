import { z } from "zod";
import { perLanguage } from "../constants.ts";
import { calendarDateSchema, ibanSchema, languageSchema, text } from "./common.ts";

/**
 * Partner banks (docs/decisions.md "Partner banks as data"): the credit institutions that take the
 * deposits. Public answers carry only what a saver may read; the receiving account and the staff fields
 * are in the back office's answers.
 */

/** The bank a package belongs to, as every package list names it. */
export const packageBankSchema = z
  .object({
    id: z.string().uuid(),
    slug: z.string(),
    name: z.string(),
    country: z.string().describe("ISO 3166-1 alpha-2 country code of the bank's seat"),
  })
  .meta({ id: "PackageBank" });
export type PackageBank = z.infer<typeof packageBankSchema>;

export const BANK_STATUSES = ["active", "paused"] as const;
export type BankStatus = (typeof BANK_STATUSES)[number];

export const BANK_LOGO_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
/** Largest logo accepted, in bytes. */
export const BANK_LOGO_MAX_BYTES = 200 * 1024;

const bicSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, "must be a BIC (8 or 11 characters)");

/** Staff input: a text in every language, none longer than `max`. */
const localizedText = (max: number) => z.strictObject(perLanguage(() => z.string().trim().max(max)));

const countrySchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, "must be an ISO 3166-1 alpha-2 country code");

const httpsUrl = z
  .string()
  .trim()
  .max(300)
  .url()
  .refine((url) => url.startsWith("https://"), "must start with https://");

const schemeSchema = z.object({
  name: z.string(),
  coverage_cents: z.number().int().describe("Protection per depositor at this bank, euro cents"),
  website: z.string().nullable(),
  contact: z.string().nullable(),
  repayment_days: z.number().int().describe("Working days within which the scheme repays"),
});

const ratingSchema = z
  .object({ rating: z.string(), source: z.string(), date: z.string().describe("ISO date") })
  .nullable()
  .describe("The rating of the bank's country, with its source and date; null when none is kept");

/** What the public profile and the back office's view both show of a bank. */
const bankProfileFields = {
  id: z.string().uuid(),
  slug: z.string(),
  name: z.string(),
  country: z.string(),
  city: z.string().nullable(),
  bic: z.string(),
  lei: z.string().nullable(),
  supervisor: z.string(),
  register_entry: z.string(),
};

/** GET /banks and /banks/{slug}: the public profile of a partner bank. */
export const publicBankSchema = z
  .object({
    ...bankProfileFields,
    description: z.string().describe("In the request's language (English fallback)"),
    scheme: schemeSchema,
    info_sheet: z.string().describe("The depositor information sheet's own text, in the request's language"),
    country_rating: ratingSchema,
    logo_url: z.string().nullable().describe("Address of the logo (same origin); null when none"),
    partner_since: z.number().int().nullable(),
    accepting_deposits: z.boolean().describe("false while the bank is paused: its packages are not offered"),
  })
  .meta({ id: "Bank" });
export type PublicBank = z.infer<typeof publicBankSchema>;
export const publicBankListSchema = z.array(publicBankSchema);

export const bankSlugParamSchema = z.object({ slug: z.string().max(60) });
export const banksQuerySchema = z.object({ lang: languageSchema.optional() });

/** The back office's view: everything, including the receiving account. */
export const adminBankSchema = z
  .object({
    ...bankProfileFields,
    description: z.object(perLanguage(() => z.string())),
    scheme: schemeSchema,
    info_sheet: z.object(perLanguage(() => z.string())),
    country_rating: ratingSchema,
    account: z
      .object({ holder: z.string(), iban: z.string(), bic: z.string() })
      .nullable()
      .describe("The receiving account; null only for a seeded bank before the configured account applies"),
    logo_url: z.string().nullable(),
    partner_since: z.number().int().nullable(),
    status: z.enum(BANK_STATUSES),
    package_count: z.number().int(),
    exposure: z
      .object({
        held_cents: z
          .number()
          .int()
          .describe(
            "What the deposits of all savers hold there now (the ledger: money received), euro cents",
          ),
        pending_cents: z
          .number()
          .int()
          .describe("Pending applications and approved deposits awaiting funds, all savers, euro cents"),
        savers: z.number().int().describe("Savers with a pending or approved application at this bank"),
      })
      .describe("What the platform's savers have placed at this bank"),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "AdminBank" });
export type AdminBank = z.infer<typeof adminBankSchema>;
export const adminBankListSchema = z.array(adminBankSchema);

const schemeInputSchema = z.strictObject({
  name: text(200),
  coverage_cents: z.number().int().min(1).max(100_000_000_00).optional(),
  website: httpsUrl.nullable().optional(),
  contact: z.string().trim().max(300).nullable().optional(),
  repayment_days: z.number().int().min(1).max(60).optional(),
});

const ratingInputSchema = z.strictObject({
  rating: text(20),
  source: text(200),
  date: calendarDateSchema,
});

const accountInputSchema = z.strictObject({
  holder: text(70),
  iban: ibanSchema((problem) => `not a valid IBAN (${problem})`),
  bic: bicSchema,
});

const bankFields = {
  name: text(120),
  slug: z
    .string()
    .trim()
    .min(2)
    .max(60)
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "lower-case letters, digits and single hyphens"),
  country: countrySchema,
  city: z.string().trim().min(1).max(120).nullable().optional(),
  bic: bicSchema,
  lei: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{18}[0-9]{2}$/, "must be a 20-character LEI")
    .nullable()
    .optional(),
  supervisor: text(200),
  register_entry: text(200),
  description: localizedText(1000).optional(),
  scheme: schemeInputSchema,
  info_sheet: localizedText(4000),
  country_rating: ratingInputSchema.nullable().optional(),
  account: accountInputSchema,
  partner_since: z.number().int().min(1900).max(2100).nullable().optional(),
  status: z.enum(BANK_STATUSES).optional(),
};

/** POST /admin/banks. */
export const bankCreateRequestSchema = z.strictObject(bankFields).meta({ id: "BankCreateRequest" });
export type BankCreateRequest = z.input<typeof bankCreateRequestSchema>;
/** The body as the server has it after validation (IBAN normalised, codes upper case). */
export type BankCreateBody = z.output<typeof bankCreateRequestSchema>;

/** PATCH /admin/banks/{id}: any subset; `status: "paused"` withdraws the bank's packages from sale. */
export const bankUpdateRequestSchema = z
  .strictObject({
    name: bankFields.name.optional(),
    slug: bankFields.slug.optional(),
    country: bankFields.country.optional(),
    city: bankFields.city,
    bic: bankFields.bic.optional(),
    lei: bankFields.lei,
    supervisor: bankFields.supervisor.optional(),
    register_entry: bankFields.register_entry.optional(),
    description: bankFields.description,
    scheme: schemeInputSchema.optional(),
    info_sheet: bankFields.info_sheet.optional(),
    country_rating: bankFields.country_rating,
    account: accountInputSchema.optional(),
    partner_since: bankFields.partner_since,
    status: bankFields.status,
  })
  .refine((p) => Object.values(p).some((v) => v !== undefined), { message: "nothing to change" })
  .meta({ id: "BankUpdateRequest" });
export type BankUpdateRequest = z.input<typeof bankUpdateRequestSchema>;
export type BankUpdateBody = z.output<typeof bankUpdateRequestSchema>;

export const bankLogoResponseSchema = z.object({ logo_url: z.string() });
