import { z } from "zod";
import {
  KYC_CONTENT_TYPES,
  KYC_DOCUMENT_STATUSES,
  KYC_DOCUMENT_TYPES,
  KYC_NEW_UPLOAD_REASONS,
  KYC_STATUSES,
} from "../constants.ts";
import {
  concernedUserFields,
  paginationQuerySchema,
  personRefSchema,
  text,
  timestampSchema,
} from "./common.ts";

export const kycDocumentTypeSchema = z.enum(KYC_DOCUMENT_TYPES);
export const kycDocumentStatusSchema = z.enum(KYC_DOCUMENT_STATUSES);
export const kycNewUploadReasonSchema = z.enum(KYC_NEW_UPLOAD_REASONS);

/** A stored document's own status: a document that exists is never not_uploaded. */
export const KYC_STORED_DOCUMENT_STATUSES = ["pending", "approved", "rejected"] as const;
export const kycStoredDocumentStatusSchema = z.enum(KYC_STORED_DOCUMENT_STATUSES);

/**
 * One uploaded document as its owner sees it (per type a document object with
 * rejection_reason). The storage location never leaves the server.
 */
export const kycDocumentSchema = z
  .object({
    id: z.string().uuid(),
    document_type: kycDocumentTypeSchema,
    status: kycStoredDocumentStatusSchema,
    content_type: z.enum(KYC_CONTENT_TYPES).describe("Decided by the server from the file's content"),
    size_bytes: z.number().int(),
    file_name: z.string().nullable().describe("The uploaded name, cleaned; for display only"),
    uploaded_at: timestampSchema,
    reviewed_at: z.string().nullable().describe("ISO 8601 timestamp"),
    rejection_reason: z
      .string()
      .nullable()
      .describe("Why it was rejected: the reviewer's text, else the English text of rejection_code"),
    rejection_code: kycNewUploadReasonSchema
      .nullable()
      .describe("Set when staff asked for a new upload; the web app shows its translation"),
    rejection_note: z.string().nullable().describe("The reviewer's own words, if any"),
  })
  .meta({ id: "KycDocument" });
export type KycDocument = z.infer<typeof kycDocumentSchema>;

/** GET /kyc/status (the specified status plus the selfie). */
export const kycStatusResponseSchema = z
  .object({
    overall_status: z.enum(KYC_STATUSES),
    id_card_status: kycDocumentStatusSchema.describe("The front of the identity card"),
    id_card_back_status: kycDocumentStatusSchema.describe("The back of the identity card"),
    passport_status: kycDocumentStatusSchema,
    utility_bill_status: kycDocumentStatusSchema,
    selfie_status: kycDocumentStatusSchema,
    id_card_document: kycDocumentSchema.nullable(),
    id_card_back_document: kycDocumentSchema.nullable(),
    passport_document: kycDocumentSchema.nullable(),
    utility_bill_document: kycDocumentSchema.nullable(),
    selfie_document: kycDocumentSchema.nullable(),
  })
  .meta({ id: "KycStatus" });
export type KycStatusResponse = z.infer<typeof kycStatusResponseSchema>;

export const kycUploadParamsSchema = z.object({
  // Checked by the service so that an unknown type gets its own error code (kyc_invalid_document_type).
  documentType: z.string().max(64),
});

export const kycUploadResponseSchema = z.object({
  document: kycDocumentSchema,
  overall_status: z.enum(KYC_STATUSES),
});
export type KycUploadResponse = z.infer<typeof kycUploadResponseSchema>;

// ---- staff review ----

export const kycReviewQueueQuerySchema = paginationQuerySchema.extend({
  status: z.enum([...KYC_STORED_DOCUMENT_STATUSES, "all"]).default("pending"),
  user_id: z.string().uuid().optional(),
});
export type KycReviewQueueQuery = z.input<typeof kycReviewQueueQuerySchema>;

export const kycAdminDocumentSchema = kycDocumentSchema
  .extend({
    ...concernedUserFields,
    user_kyc_status: z.enum(KYC_STATUSES),
    reviewed_by: personRefSchema.nullable(),
  })
  .meta({ id: "KycAdminDocument" });
export type KycAdminDocument = z.infer<typeof kycAdminDocumentSchema>;
export const kycAdminDocumentListSchema = z.array(kycAdminDocumentSchema);

export const KYC_REASON_MAX_LENGTH = 1000;

/**
 * A staff decision on a pending document: approve; reject with a reason; or ask for a new upload
 * with a reason from a short list (free text optional, required for "other"). The last two both leave
 * the document rejected, so the user may upload it again.
 */
export const kycDecisionRequestSchema = z
  .discriminatedUnion("decision", [
    z.strictObject({ decision: z.literal("approve") }),
    z.strictObject({ decision: z.literal("reject"), reason: text(KYC_REASON_MAX_LENGTH) }),
    z.strictObject({
      decision: z.literal("request_new_upload"),
      reason_code: kycNewUploadReasonSchema,
      reason: text(KYC_REASON_MAX_LENGTH).optional(),
    }),
  ])
  .superRefine((value, ctx) => {
    if (value.decision === "request_new_upload" && value.reason_code === "other" && !value.reason) {
      ctx.addIssue({ code: "custom", path: ["reason"], message: "A reason is required for 'other'" });
    }
  });
export type KycDecisionRequest = z.input<typeof kycDecisionRequestSchema>;

export const KYC_REVIEW_ACTIONS = ["view_file", "approve", "reject", "request_new_upload"] as const;

/** One entry of a document's audit trail: who viewed or decided it, when, and why. */
export const kycReviewEntrySchema = z
  .object({
    id: z.string().uuid(),
    action: z.enum(KYC_REVIEW_ACTIONS),
    actor: personRefSchema,
    reason_code: kycNewUploadReasonSchema.nullable(),
    reason: z.string().nullable(),
    created_at: timestampSchema,
  })
  .meta({ id: "KycReviewEntry" });
export type KycReviewEntry = z.infer<typeof kycReviewEntrySchema>;
export const kycReviewHistorySchema = z.array(kycReviewEntrySchema);
