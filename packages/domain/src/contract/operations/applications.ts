import {
  adminApplicationListSchema,
  adminApplicationSchema,
  adminApplicationsQuerySchema,
  applicationDecisionRequestSchema,
} from "../admin.ts";
import {
  applicationCreateRequestSchema,
  applicationDetailsRequestSchema,
  applicationListSchema,
  applicationSchema,
} from "../applications.ts";
import { idParamSchema, paginationQuerySchema } from "../common.ts";
import { defineOperation, json } from "../operation.ts";

export const applicationsOperations = {
  applicationsCreate: defineOperation({
    id: "applicationsCreate",
    method: "POST",
    path: "/applications",
    access: "optional",
    tags: ["applications"],
    summary: "Send an application for a deposit package",
    description:
      "Signed out is allowed (not linked to an account); signed in links it to the account. Reference IBAN, maturity instruction and the information-sheet acknowledgement may be left out: the application is then pending with `missing_details` and cannot be approved until the saver completes them.",
    body: applicationCreateRequestSchema,
    responses: { 201: json(applicationSchema, "The application, pending review") },
    rateLimited: true,
  }),
  applicationsListOwn: defineOperation({
    id: "applicationsListOwn",
    method: "GET",
    path: "/applications/me",
    access: "user",
    tags: ["applications"],
    summary: "The signed-in user's own applications, newest first",
    query: paginationQuerySchema,
    responses: { 200: json(applicationListSchema, "One page of applications") },
    paged: true,
  }),
  applicationsCompleteDetails: defineOperation({
    id: "applicationsCompleteDetails",
    method: "PATCH",
    path: "/applications/:id/details",
    access: "user",
    tags: ["applications"],
    summary: "Complete or correct the reference IBAN, maturity instruction and acknowledgement while pending",
    params: idParamSchema,
    body: applicationDetailsRequestSchema,
    responses: { 200: json(applicationSchema, "The application with its details") },
    errors: [404, 409],
  }),
  applicationsWithdraw: defineOperation({
    id: "applicationsWithdraw",
    method: "POST",
    path: "/applications/:id/withdraw",
    access: "user",
    tags: ["applications"],
    summary: "Withdraw from an approved application within 14 days of approval (right of withdrawal)",
    params: idParamSchema,
    responses: { 200: json(applicationSchema, "The withdrawn application") },
    errors: [409],
  }),
  adminApplicationsList: defineOperation({
    id: "adminApplicationsList",
    method: "GET",
    path: "/applications",
    access: "admin",
    tags: ["applications", "admin"],
    summary: "All applications, newest first, optionally of one status",
    query: adminApplicationsQuerySchema,
    responses: { 200: json(adminApplicationListSchema, "One page of applications") },
    paged: true,
  }),
  adminApplicationsDecide: defineOperation({
    id: "adminApplicationsDecide",
    method: "PATCH",
    path: "/admin/applications/:id/decision",
    access: "admin",
    tags: ["applications", "admin"],
    summary: "Approve or reject a pending application",
    description:
      "Only pending applications; a second decision (or a concurrent one) gets 409. An approval needs a verified identity (409 kyc_not_approved and the identity codes) and a confirmed e-mail address (409 email_not_verified).",
    params: idParamSchema,
    body: applicationDecisionRequestSchema,
    responses: { 200: json(adminApplicationSchema, "The decided application") },
    errors: [409],
  }),
} as const;
