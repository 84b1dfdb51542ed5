import { z } from "zod";
import {
  APPLICATION_STATUSES,
  AUDIT_ACTIONS,
  INTEREST_PAYOUTS,
  KYC_STATUSES,
  LIMITS,
  perLanguage,
  ROLES,
} from "../constants.ts";
import { applicationSchema } from "./applications.ts";
import { BANK_STATUSES, packageBankSchema } from "./banks.ts";
import {
  durationMonthsSchema,
  interestRateSchema,
  moneyAmountSchema,
  optionalFilter,
  paginationQuerySchema,
  timestampSchema,
} from "./common.ts";
import { packageSchema } from "./packages.ts";

/* ---------------------------------------------------------------- analytics */

/** GET /admin/analytics: every figure is an aggregate over the whole database. */
export const analyticsSchema = z
  .object({
    overview: z.object({
      totalUsers: z.number().int().describe("Customer accounts (role user)"),
      activeInvestors: z
        .number()
        .int()
        .describe("Customers with money invested: at least one running (active or matured) deposit"),
      totalInvestmentAmount: z
        .number()
        .describe(
          "Principal received and not yet paid out (ledger entries of running deposits), exact to the cent",
        ),
      pendingKYC: z.number().int().describe("Customers whose identity verification awaits review"),
      pendingApplications: z.number().int(),
      approvedApplications: z.number().int(),
      rejectedApplications: z.number().int(),
      withdrawnApplications: z
        .number()
        .int()
        .describe("Approved, then withdrawn by the saver within the withdrawal period"),
    }),
    monthlyTrends: z
      .array(
        z.object({
          month: z.string().describe("Calendar month (UTC) as YYYY-MM"),
          users: z.number().int().describe("New customer accounts in the month"),
          investments: z
            .number()
            .int()
            .describe(
              "New investments in the month: deposits whose money was received (by value date; renewals not counted)",
            ),
        }),
      )
      .describe("The last 12 calendar months including the current one, oldest first"),
  })
  .meta({ id: "Analytics" });
export type Analytics = z.infer<typeof analyticsSchema>;

/* -------------------------------------------------------------------- users */

export const ADMIN_SEARCH_MAX = 254;

/**
 * A search counts its matches up to this many and pages within them; past it the total reads "more
 * than" (X-Total-Count-Capped) and the back office asks for a narrower term (docs/decisions.md
 * "A broad search counts up to a bound").
 */
export const ADMIN_SEARCH_COUNT_BOUND = 1000;

/** GET /admin/users: the role and kyc_status filters, a server-side e-mail search, pagination. */
export const adminUsersQuerySchema = paginationQuerySchema.extend({
  role: optionalFilter(ROLES),
  kyc_status: optionalFilter(KYC_STATUSES),
  search: z
    .string()
    .trim()
    .max(ADMIN_SEARCH_MAX)
    .optional()
    .describe("Case-insensitive substring of the e-mail address"),
});
export type AdminUsersFilter = z.output<typeof adminUsersQuerySchema>;

/* ----------------------------------------------------------------- packages */

export const PACKAGE_LIMITS = {
  featuresMax: 12,
  featureMax: 200,
} as const;

const featureListSchema = z
  .array(z.string().trim().min(1).max(PACKAGE_LIMITS.featureMax))
  .min(1)
  .max(PACKAGE_LIMITS.featuresMax);

/** Features in every interface language, so no customer reads a package in another language. */
export const packageFeaturesSchema = z.strictObject(perLanguage(() => featureListSchema));

/** A package's limits: amounts in euro with at most two decimals, within the calculator's range. */
const amountSchema = moneyAmountSchema(LIMITS.minAmount, LIMITS.maxAmount);

/**
 * A package as the back office sees it: the package as savers read it (`packageSchema`), with the
 * features in every language, whether it is on sale, its bank's status and its timestamps.
 */
export const adminPackageSchema = packageSchema
  .extend({
    currency: z.literal("EUR"),
    features: z.object(perLanguage(() => z.array(z.string()))),
    is_active: z.boolean(),
    bank: packageBankSchema.extend({ status: z.enum(BANK_STATUSES) }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "AdminPackage" });
export type AdminPackage = z.infer<typeof adminPackageSchema>;
export const adminPackageListSchema = z.array(adminPackageSchema);

/** POST /admin/packages. Amounts in euro; the maximum may not be below the minimum. */
export const packageCreateRequestSchema = z
  .strictObject({
    duration_months: durationMonthsSchema,
    interest_rate: interestRateSchema,
    min_amount: amountSchema,
    max_amount: amountSchema,
    features: packageFeaturesSchema,
    is_active: z.boolean().optional(),
    interest_payout: z
      .enum(INTEREST_PAYOUTS)
      .optional()
      .describe("When the interest is paid: at_maturity (the default) or monthly"),
    bank_id: z.string().uuid().optional().describe("The partner bank; without it, the first bank created"),
  })
  .refine((p) => p.max_amount >= p.min_amount, {
    path: ["max_amount"],
    message: "must not be lower than min_amount",
  });
export type PackageCreateRequest = z.input<typeof packageCreateRequestSchema>;

/** PATCH /admin/packages/{id}: any subset; `is_active: false` withdraws the package from sale. */
export const packageUpdateRequestSchema = z
  .strictObject({
    duration_months: durationMonthsSchema.optional(),
    interest_rate: interestRateSchema.optional(),
    min_amount: amountSchema.optional(),
    max_amount: amountSchema.optional(),
    features: packageFeaturesSchema.optional(),
    is_active: z.boolean().optional(),
    interest_payout: z
      .enum(INTEREST_PAYOUTS)
      .optional()
      .describe("Applies to deposits made from now on; running deposits keep their own"),
    bank_id: z.string().uuid().optional().describe("Only while no application was made for the package"),
  })
  .refine((p) => Object.values(p).some((v) => v !== undefined), { message: "nothing to change" })
  .refine((p) => p.min_amount === undefined || p.max_amount === undefined || p.max_amount >= p.min_amount, {
    path: ["max_amount"],
    message: "must not be lower than min_amount",
  });
export type PackageUpdateRequest = z.input<typeof packageUpdateRequestSchema>;

/* -------------------------------------------------------------- audit log */

export const auditLogEntrySchema = z
  .object({
    id: z.number().int(),
    action: z.enum(AUDIT_ACTIONS),
    actor: z.object({
      id: z.string().uuid().nullable(),
      email: z.string().describe("The admin's e-mail address when acting"),
    }),
    target_type: z.string(),
    target_id: z.string().nullable(),
    details: z.record(z.string(), z.unknown()),
    subject: z
      .object({ id: z.string().uuid(), full_name: z.string(), email: z.string() })
      .nullable()
      .describe(
        "The saver the entry concerns: the user itself, or the owner of the application, document, deposit or sanctions hit",
      ),
    created_at: timestampSchema,
  })
  .meta({ id: "AuditLogEntry" });
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;
export const auditLogListSchema = z.array(auditLogEntrySchema);

export const auditLogQuerySchema = paginationQuerySchema.extend({
  action: optionalFilter(AUDIT_ACTIONS),
});

/* ------------------------------------------------------------- applications */

export const APPLICATION_DECISIONS = ["approved", "rejected"] as const;
export type ApplicationDecision = (typeof APPLICATION_DECISIONS)[number];

/** PATCH /admin/applications/{id}/decision. */
export const applicationDecisionRequestSchema = z.strictObject({
  decision: z.enum(APPLICATION_DECISIONS),
  admin_notes: z.string().trim().max(2000).optional(),
  rejection_reason: z
    .string()
    .trim()
    .max(1000)
    .optional()
    .describe("Required to reject: the reason the saver reads"),
});

/** GET /applications (admin): all applications, optionally of one status, newest first. */
export const adminApplicationsQuerySchema = paginationQuerySchema.extend({
  status: optionalFilter(APPLICATION_STATUSES),
});

/**
 * An application as the back office sees it: the owner's view plus the decision and, when the
 * application was sent signed in, the account with its identity-verification status.
 */
export const adminApplicationSchema = applicationSchema
  .extend({
    admin_notes: z.string().nullable(),
    decided_by: z.string().uuid().nullable(),
    account: z
      .object({
        id: z.string().uuid(),
        email: z.string(),
        full_name: z.string(),
        kycStatus: z.enum(KYC_STATUSES),
      })
      .nullable()
      .describe("The account the application was sent from; null when sent signed out"),
  })
  .meta({ id: "AdminApplication" });
export type AdminApplication = z.infer<typeof adminApplicationSchema>;
export const adminApplicationListSchema = z.array(adminApplicationSchema);

/* ------------------------------------------------------- staff account tools */

/** The security state of one account, for the staff tools of the users tab. */
export const adminAccountStatusSchema = z.object({
  user_id: z.string().uuid(),
  role: z.enum(ROLES),
  locked: z.boolean(),
  locked_at: z.string().nullable(),
  email_verified: z.boolean(),
  two_factor_enabled: z.boolean(),
  active_sessions: z.number().int().min(0),
});
export type AdminAccountStatus = z.infer<typeof adminAccountStatusSchema>;

export const adminRoleChangeRequestSchema = z.strictObject({ role: z.enum(ROLES) });
