import multipart from "@fastify/multipart";
import { LIMITS, operations } from "@festgeld/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { page, route } from "../../lib/route.ts";
import { currentUser } from "../../plugins/auth.ts";
import * as service from "./kyc.service.ts";

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

  route(
    app,
    operations.kycUpload,
    {
      config: {
        rateLimit: {
          max: 30,
          timeWindow: "10 minutes",
          keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip,
        },
      },
    },
    async (request, reply) => {
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

  route(app, operations.kycStatus, async (request, _reply) => {
    return service.getStatus(app.db, currentUser(request));
  });

  route(app, operations.adminKycDocumentsList, async (request, reply) => {
    return page(reply, await service.listQueue(app.db, request.query));
  });

  route(app, operations.adminKycDocumentFile, async (request, reply) => {
    const file = await service.openFileForReview(deps(), currentUser(request), request.params.id, request.ip);
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
  });

  route(app, operations.adminKycDocumentsDecide, async (request, _reply) => {
    return service.decide(
      app.db,
      currentUser(request),
      request.params.id,
      request.body,
      request.ip,
      app.messages,
    );
  });

  route(app, operations.adminKycDocumentHistory, async (request, _reply) => {
    return service.history(app.db, request.params.id);
  });
};
