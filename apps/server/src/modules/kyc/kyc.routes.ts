import multipart from "@fastify/multipart";
import {
  errorResponseSchema,
  idParamSchema,
  KYC_DOCUMENT_TYPES,
  kycAdminDocumentListSchema,
  kycAdminDocumentSchema,
  kycDecisionRequestSchema,
  kycReviewHistorySchema,
  kycReviewQueueQuerySchema,
  kycStatusResponseSchema,
  kycUploadParamsSchema,
  kycUploadResponseSchema,
  LIMITS,
} from "@festgeld/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../../plugins/auth.ts";
import * as service from "./kyc.service.ts";

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/** Personal data: never kept by a browser or proxy cache. */
function noStore(reply: FastifyReply) {
  reply.header("Cache-Control", "no-store");
}

/**
 * An upload refused before its body was read: let the rest of the body drain (discarded, never
 * buffered) and close the connection, so the client sees the answer instead of a stalled socket.
 */
function abandonBody(request: FastifyRequest, reply: FastifyReply) {
  if (request.raw.complete) return;
  reply.header("Connection", "close");
  request.raw.resume();
}

export const kycRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart only for this module's routes: one file of at most 5 MB, a few small fields besides.
  await app.register(multipart, {
    limits: {
      fileSize: LIMITS.kycMaxFileBytes,
      files: 1,
      fields: 5,
      fieldSize: 1024,
      parts: 6,
      headerPairs: 20,
    },
    // We check `truncated` ourselves to answer with our own code (kyc_file_too_large).
    throwFileSizeLimit: false,
  });

  const deps = () => ({ db: app.db, storage: app.documentStorage });

  app.post(
    "/kyc/upload/:documentType",
    {
      config: {
        access: "user",
        rateLimit: {
          max: 30,
          timeWindow: "10 minutes",
          keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip,
        },
      },
      schema: {
        tags: ["kyc"],
        summary: `Upload one identity document (multipart field "file"; ${KYC_DOCUMENT_TYPES.join(", ")})`,
        description:
          "JPG, PNG or PDF (selfie: JPG or PNG), decided by the file's content; at most 5,242,880 bytes. " +
          "A pending or approved document cannot be replaced; a rejected one can (the old one is kept).",
        consumes: ["multipart/form-data"],
        params: kycUploadParamsSchema,
        response: {
          201: kycUploadResponseSchema,
          ...errors,
          413: errorResponseSchema,
          415: errorResponseSchema,
        },
        security: [{ bearer: [] }],
      },
    },
    async (request, reply) => {
      noStore(reply);
      try {
        const result = await service.upload(
          deps(),
          currentUser(request),
          request.params.documentType,
          async () => {
            if (!request.isMultipart()) return null;
            let part: Awaited<ReturnType<typeof request.file>>;
            try {
              part = await request.file();
            } catch {
              // A malformed multipart body (no boundary, cut off...) carries no usable file.
              return null;
            }
            if (!part) return null;
            return {
              fieldname: part.fieldname,
              filename: part.filename,
              stream: part.file,
              truncated: () => part.file.truncated,
            };
          },
        );
        return reply.status(201).send(result);
      } catch (error) {
        abandonBody(request, reply);
        throw error;
      }
    },
  );

  app.get(
    "/kyc/status",
    {
      config: { access: "user" },
      schema: {
        tags: ["kyc"],
        summary: "The signed-in user's verification status and current document per type",
        response: { 200: kycStatusResponseSchema, 401: errorResponseSchema },
        security: [{ bearer: [] }],
      },
    },
    async (request, reply) => {
      noStore(reply);
      return service.getStatus(app.db, currentUser(request));
    },
  );

  app.get(
    "/admin/kyc/documents",
    {
      config: { access: "admin" },
      schema: {
        tags: ["admin", "kyc"],
        summary: "Documents for review, oldest first (default: pending); total in X-Total-Count",
        querystring: kycReviewQueueQuerySchema,
        response: { 200: kycAdminDocumentListSchema, ...errors },
        security: [{ bearer: [] }],
      },
    },
    async (request, reply) => {
      noStore(reply);
      const { items, total } = await service.listQueue(app.db, request.query);
      reply.header("X-Total-Count", String(total));
      return items;
    },
  );

  app.get(
    "/admin/kyc/documents/:id/file",
    {
      config: { access: "admin" },
      schema: {
        tags: ["admin", "kyc"],
        summary: "The decrypted file of one document (the view is recorded in the audit trail)",
        params: idParamSchema,
        produces: ["image/jpeg", "image/png", "application/pdf"],
        response: { ...errors },
        security: [{ bearer: [] }],
      },
    },
    async (request, reply) => {
      const file = await service.openFileForReview(
        deps(),
        currentUser(request),
        request.params.id,
        request.ip,
      );
      return (
        reply
          .status(200)
          .header("Content-Type", file.contentType)
          .header("Content-Length", String(file.size))
          .header("Content-Disposition", `attachment; filename="${file.fileName}"`)
          .header("X-Content-Type-Options", "nosniff")
          .header("Cache-Control", "no-store")
          .header("Pragma", "no-cache")
          // Opened directly, the file may not run anything (a crafted PDF or image stays inert).
          .header("Content-Security-Policy", "default-src 'none'; sandbox")
          // A stream is sent as is (the response schemas describe only the JSON errors).
          .send(file.stream as never)
      );
    },
  );

  app.patch(
    "/admin/kyc/documents/:id/decision",
    {
      config: { access: "admin" },
      schema: {
        tags: ["admin", "kyc"],
        summary: "Approve, reject with a reason, or ask for a new upload; only pending documents, once",
        params: idParamSchema,
        body: kycDecisionRequestSchema,
        response: { 200: kycAdminDocumentSchema, ...errors },
        security: [{ bearer: [] }],
      },
    },
    async (request, reply) => {
      noStore(reply);
      return service.decide(app.db, currentUser(request), request.params.id, request.body, request.ip);
    },
  );

  app.get(
    "/admin/kyc/documents/:id/history",
    {
      config: { access: "admin" },
      schema: {
        tags: ["admin", "kyc"],
        summary: "The audit trail of one document: every file view and decision",
        params: idParamSchema,
        response: { 200: kycReviewHistorySchema, ...errors },
        security: [{ bearer: [] }],
      },
    },
    async (request, reply) => {
      noStore(reply);
      return service.history(app.db, request.params.id);
    },
  );
};
