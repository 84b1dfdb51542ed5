import { z } from "zod";
import { KYC_STATUSES } from "../constants.ts";
import { isCountryCode } from "../identity/countries.ts";
import { isValidPostcode } from "../identity/postcode.ts";
import { checkTaxId } from "../identity/tax-id.ts";
import { packageBankSchema } from "./banks.ts";
import {
  calendarDateSchema,
  concernedUserFields,
  paginationQuerySchema,
  personRefSchema,
  text,
} from "./common.ts";
import { kycDocumentSchema, kycReviewEntrySchema } from "./kyc.ts";

// ---- personal data ----

export const countryCodeSchema = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase())
  .refine(isCountryCode, {
    message: "Not an ISO 3166-1 alpha-2 country code",
    params: { code: "invalid_country" },
  });

export const PROFILE_LIMITS = {
  placeOfBirth: 100,
  street: 200,
  postcode: 16,
  city: 100,
  taxId: 32,
  pepDetails: 500,
} as const;

export const addressSchema = z.strictObject({
  street: text(PROFILE_LIMITS.street),
  postcode: text(PROFILE_LIMITS.postcode),
  city: text(PROFILE_LIMITS.city),
  country: countryCodeSchema,
});

const TAX_ID_DETAIL = {
  format: "The tax identification number does not have the format of the country of tax residency",
  check_digit: "The tax identification number's check digit is wrong",
  repetition: "Not a valid German tax identification number (digit pattern)",
} as const;

/**
 * PUT /kyc/profile: the personal data identification needs (German AML law asks for name, date and
 * place of birth, nationality and address; tax residency and TIN for the automatic exchange of
 * information). The age rule (18 or older) needs today's date and is checked by the server.
 */
export const kycProfileRequestSchema = z
  .strictObject({
    date_of_birth: calendarDateSchema,
    place_of_birth: text(PROFILE_LIMITS.placeOfBirth),
    nationality: countryCodeSchema,
    address: addressSchema,
    tax_residency: countryCodeSchema,
    tax_id: text(PROFILE_LIMITS.taxId),
    is_pep: z
      .boolean()
      .describe("A politically exposed person, or a family member or close associate of one"),
    pep_details: text(PROFILE_LIMITS.pepDetails).nullable().optional(),
  })
  .superRefine((value, ctx) => {
    const problem = checkTaxId(value.tax_residency, value.tax_id);
    if (problem) {
      ctx.addIssue({
        code: "custom",
        path: ["tax_id"],
        message: TAX_ID_DETAIL[problem],
        params: { code: "invalid_tax_id", problem },
      });
    }
    if (!isValidPostcode(value.address.country, value.address.postcode)) {
      ctx.addIssue({
        code: "custom",
        path: ["address", "postcode"],
        message: "The postcode does not have the format of the address's country",
        params: { code: "invalid_postcode" },
      });
    }
    if (value.is_pep && !value.pep_details) {
      ctx.addIssue({
        code: "custom",
        path: ["pep_details"],
        message: "Say which public function (yours or your relative's or associate's)",
        params: { code: "pep_details_required" },
      });
    }
  });
export type KycProfileRequest = z.input<typeof kycProfileRequestSchema>;

export const PROFILE_REVIEW_STATUSES = ["pending", "approved", "rejected"] as const;

export const kycProfileSchema = z
  .object({
    date_of_birth: z.string(),
    place_of_birth: z.string(),
    nationality: z.string(),
    address: z.object({ street: z.string(), postcode: z.string(), city: z.string(), country: z.string() }),
    tax_residency: z.string(),
    tax_id: z.string(),
    is_pep: z.boolean(),
    pep_details: z.string().nullable(),
    review_status: z
      .enum(PROFILE_REVIEW_STATUSES)
      .describe("pending until staff confirm it against the documents; back to pending when changed"),
    review_reason: z.string().nullable().describe("Why staff rejected it, for the saver"),
    reviewed_at: z.string().nullable(),
    updated_at: z.string(),
  })
  .meta({ id: "KycProfile" });
export type KycProfile = z.infer<typeof kycProfileSchema>;

export const kycProfileResponseSchema = z.object({ profile: kycProfileSchema.nullable() });

// ---- staff: profile decision, notes, dossier ----

export const profileDecisionRequestSchema = z.discriminatedUnion("decision", [
  z.strictObject({ decision: z.literal("approve") }),
  z.strictObject({ decision: z.literal("reject"), reason: text(1000) }),
]);
export type ProfileDecisionRequest = z.input<typeof profileDecisionRequestSchema>;

export const staffNoteRequestSchema = z.strictObject({ text: text(4000) });
export const staffNoteSchema = z
  .object({
    id: z.string().uuid(),
    text: z.string(),
    author: personRefSchema,
    created_at: z.string(),
  })
  .meta({ id: "StaffNote" });

export const SANCTIONS_HIT_STATUSES = ["open", "cleared", "confirmed"] as const;
export const SCREENING_TRIGGERS = [
  "profile",
  "verification",
  "list_load",
  "name_change",
  "ident",
  "approval",
] as const;

export const sanctionsHitSchema = z
  .object({
    id: z.string().uuid(),
    ...concernedUserFields,
    screened_name: z.string(),
    screened_date_of_birth: z.string().nullable(),
    list_version: z.string(),
    entry_reference: z.string().describe("The EU reference number (or logical id) of the listed entity"),
    entry_names: z.array(z.string()),
    entry_birthdates: z.array(z.string()),
    matched_name: z.string(),
    score: z.number().describe("Name similarity, 0..1"),
    date_of_birth_match: z.boolean().nullable().describe("null when either side has no date of birth"),
    status: z.enum(SANCTIONS_HIT_STATUSES),
    decided_by: personRefSchema.nullable(),
    decided_at: z.string().nullable(),
    reason: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: "SanctionsHit" });
export type SanctionsHit = z.infer<typeof sanctionsHitSchema>;

export const sanctionsScreeningSchema = z
  .object({
    id: z.string().uuid(),
    trigger: z.enum(SCREENING_TRIGGERS),
    list_version: z.string(),
    screened_name: z.string(),
    hits: z.number().int(),
    created_at: z.string(),
  })
  .meta({ id: "SanctionsScreening" });

export const sanctionsHitQuerySchema = paginationQuerySchema.extend({
  status: z.enum([...SANCTIONS_HIT_STATUSES, "all"]).default("open"),
});
export type SanctionsHitQuery = z.input<typeof sanctionsHitQuerySchema>;

export const sanctionsHitDecisionSchema = z.strictObject({
  decision: z.enum(["clear", "confirm"]),
  reason: text(1000),
});
export type SanctionsHitDecision = z.input<typeof sanctionsHitDecisionSchema>;

export const SCREENING_RUN_STATUSES = ["running", "done", "superseded"] as const;

/** One screening of every saver against a list, in the background. */
export const sanctionsScreeningRunSchema = z
  .object({
    id: z.string().uuid(),
    status: z.enum(SCREENING_RUN_STATUSES).describe("superseded: a newer load screens everyone again"),
    total: z.number().int().describe("Savers to screen when the run started"),
    screened: z.number().int(),
    new_hits: z.number().int(),
    started_at: z.string(),
    finished_at: z.string().nullable(),
  })
  .meta({ id: "SanctionsScreeningRun" });
export type SanctionsScreeningRun = z.infer<typeof sanctionsScreeningRunSchema>;

export const sanctionsListSchema = z
  .object({
    id: z.string().uuid(),
    version: z.string().describe("The list's generation date as published"),
    demonstration: z
      .boolean()
      .describe("The demonstration list with invented names (development only), not the EU list"),
    entries: z.number().int(),
    names: z.number().int(),
    loaded_at: z.string(),
    checked_at: z.string().describe("When the list was last loaded (the same file again renews it)"),
    loaded_by: personRefSchema,
    screened_users: z.number().int().describe("Savers screened by the latest run so far"),
    new_hits: z.number().int(),
    screening: sanctionsScreeningRunSchema.nullable().describe("The latest screening run against this list"),
  })
  .meta({ id: "SanctionsList" });
export type SanctionsList = z.infer<typeof sanctionsListSchema>;

export const sanctionsDemoListSchema = z
  .object({
    available: z
      .boolean()
      .describe("Whether staff may load the demonstration list here (every environment but production)"),
  })
  .meta({ id: "SanctionsDemoList" });

export const IDENT_METHODS = ["manual", "video_ident", "eid"] as const;
export const IDENT_RESULTS = ["verified", "failed"] as const;

export const identVerificationSchema = z
  .object({
    id: z.string().uuid(),
    provider: z.string(),
    method: z.enum(IDENT_METHODS),
    provider_reference: z.string(),
    result: z.enum(IDENT_RESULTS),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    date_of_birth: z.string().nullable(),
    name_matches_account: z
      .boolean()
      .describe(
        "false when a verified name is not the account name (spelling variants aside): for staff to check",
      ),
    created_at: z.string(),
  })
  .meta({ id: "IdentVerification" });

export const dossierSchema = z
  .object({
    user: z.object({
      id: z.string().uuid(),
      email: z.string(),
      full_name: z.string(),
      kyc_status: z.enum(KYC_STATUSES),
      created_at: z.string(),
      closed_at: z.string().nullable(),
    }),
    profile: kycProfileSchema.nullable(),
    documents: z.array(kycDocumentSchema).describe("Every document ever uploaded, newest first"),
    decisions: z.array(kycReviewEntrySchema.extend({ document_id: z.string().uuid() })),
    ident_verifications: z.array(identVerificationSchema),
    screenings: z.array(sanctionsScreeningSchema),
    hits: z.array(sanctionsHitSchema),
    applications: z.array(
      z.object({
        id: z.string().uuid(),
        status: z.string(),
        amount: z.number(),
        currency: z.string(),
        duration_months: z.number().int(),
        interest_rate: z.number(),
        created_at: z.string(),
      }),
    ),
    notes: z.array(staffNoteSchema),
    may_be_approved: z.object({ ok: z.boolean(), code: z.string().nullable() }),
  })
  .meta({ id: "Dossier" });
export type Dossier = z.infer<typeof dossierSchema>;

export const userIdParamSchema = z.object({ id: z.string().uuid() });

// ---- ident providers ----

export const identStartRequestSchema = z.strictObject({ provider: z.string().trim().min(1).max(64) });
export const identStartResponseSchema = z.object({
  provider: z.string(),
  reference: z.string().uuid().describe("Our reference; the provider returns it with the result"),
});

/** What a video-ident or eID provider posts (signed; see the README). */
export const identWebhookBodySchema = z.object({
  reference: z.string().uuid(),
  provider_reference: z.string().trim().min(1).max(200),
  method: z.enum(["video_ident", "eid"]),
  result: z.enum(IDENT_RESULTS),
  first_name: z.string().max(200).nullable().optional(),
  last_name: z.string().max(200).nullable().optional(),
  date_of_birth: calendarDateSchema.nullable().optional(),
});
export const identWebhookParamsSchema = z.object({ provider: z.string().max(64) });
export const identWebhookResponseSchema = z.object({ accepted: z.boolean(), duplicate: z.boolean() });

// ---- data rights ----

export const closeAccountRequestSchema = z.strictObject({ password: z.string().min(1).max(128) });
export const closeAccountResponseSchema = z.object({
  closed_at: z.string(),
  kept_until: z.string().describe("KYC and transaction records are kept until then, then deleted"),
});

export const erasureSchema = z
  .object({
    user_id: z.string().uuid(),
    full_name: z.string(),
    closed_at: z.string(),
    erase_after: z.string(),
  })
  .meta({ id: "PendingErasure" });

export const depositGuaranteeBankSchema = z
  .object({
    bank: packageBankSchema,
    limit_cents: z.number().int().describe("What this bank's scheme protects per depositor, euro cents"),
    held_cents: z.number().int().describe("Approved applications (deposits) at this bank, euro cents"),
    pending_cents: z.number().int().describe("Pending applications for this bank's packages, euro cents"),
    left_cents: z
      .number()
      .int()
      .describe("limit - held - pending, never below 0: what more is protected at this bank"),
  })
  .meta({ id: "DepositGuaranteeBank" });
export type DepositGuaranteeBank = z.infer<typeof depositGuaranteeBankSchema>;

export const depositGuaranteeSchema = z.object({
  limit_cents: z.number().int(),
  total_cents: z
    .number()
    .int()
    .describe("Pending and approved applications of the saver in euro cents, over all banks"),
  banks: z
    .array(depositGuaranteeBankSchema)
    .describe(
      "The same per partner bank (the guarantee counts per bank): every bank the saver has money at or applied to",
    ),
});
