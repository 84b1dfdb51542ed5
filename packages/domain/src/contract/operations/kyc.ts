import { KYC_DOCUMENT_TYPES } from "../../constants.ts";
import { idParamSchema } from "../common.ts";
import {
  kycAdminDocumentListSchema,
  kycAdminDocumentSchema,
  kycDecisionRequestSchema,
  kycReviewHistorySchema,
  kycReviewQueueQuerySchema,
  kycStatusResponseSchema,
  kycUploadParamsSchema,
  kycUploadResponseSchema,
} from "../kyc.ts";
import { binary, defineOperation, json } from "../operation.ts";

export const kycOperations = {
  kycUpload: defineOperation({
    id: "kycUpload",
    method: "POST",
    path: "/kyc/upload/:documentType",
    access: "user",
    tags: ["kyc"],
    summary: `Upload one identity document (multipart field "file"; ${KYC_DOCUMENT_TYPES.join(", ")})`,
    description:
      "JPG, PNG or PDF (selfie: JPG or PNG), decided by the file's content; at most 5,242,880 bytes. " +
      "A pending or approved document cannot be replaced; a rejected one can (the old one is kept).",
    params: kycUploadParamsSchema,
    consumes: ["multipart/form-data"],
    responses: { 201: json(kycUploadResponseSchema, "The stored document, pending review") },
    // 500: the document store failed; no row is written.
    errors: [409, 500],
    rateLimited: true,
  }),
  kycStatus: defineOperation({
    id: "kycStatus",
    method: "GET",
    path: "/kyc/status",
    access: "user",
    tags: ["kyc"],
    summary: "The signed-in user's verification status and current document per type",
    responses: { 200: json(kycStatusResponseSchema, "The verification status") },
  }),
  adminKycDocumentsList: defineOperation({
    id: "adminKycDocumentsList",
    method: "GET",
    path: "/admin/kyc/documents",
    access: "admin",
    tags: ["admin", "kyc"],
    summary: "Documents for review, oldest first (default: pending)",
    query: kycReviewQueueQuerySchema,
    responses: { 200: json(kycAdminDocumentListSchema, "One page of documents") },
    paged: true,
  }),
  adminKycDocumentFile: defineOperation({
    id: "adminKycDocumentFile",
    method: "GET",
    path: "/admin/kyc/documents/:id/file",
    access: "admin",
    tags: ["admin", "kyc"],
    summary: "The decrypted file of one document (the view is recorded in the audit trail)",
    params: idParamSchema,
    responses: {
      200: binary(["image/jpeg", "image/png", "application/pdf"], "The file, as an attachment"),
    },
    // 500: the stored file cannot be read or fails its integrity check; nothing is sent.
    errors: [500],
  }),
  adminKycDocumentsDecide: defineOperation({
    id: "adminKycDocumentsDecide",
    method: "PATCH",
    path: "/admin/kyc/documents/:id/decision",
    access: "admin",
    tags: ["admin", "kyc"],
    summary: "Approve, reject with a reason, or ask for a new upload; only pending documents, once",
    params: idParamSchema,
    body: kycDecisionRequestSchema,
    responses: { 200: json(kycAdminDocumentSchema, "The decided document") },
    errors: [409],
  }),
  adminKycDocumentHistory: defineOperation({
    id: "adminKycDocumentHistory",
    method: "GET",
    path: "/admin/kyc/documents/:id/history",
    access: "admin",
    tags: ["admin", "kyc"],
    summary: "The audit trail of one document: every file view and decision",
    params: idParamSchema,
    responses: { 200: json(kycReviewHistorySchema, "Every view and decision, oldest first") },
  }),
} as const;
