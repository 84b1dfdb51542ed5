import { operations } from "@festgeld/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { page, route } from "../../lib/route.ts";
import { currentUser } from "../../plugins/auth.ts";
import * as service from "./documents.service.ts";

/** The saver's postbox: PDFs issued by the messages module when events happen. */
export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, operations.documentsList, async (request, reply) => {
    return page(reply, await service.list(app.db, currentUser(request), request.query));
  });

  route(app, operations.documentsDownload, async (request, reply) => {
    const file = await service.open(
      { db: app.db, storage: app.documentStorage, messages: app.messages },
      currentUser(request),
      request.params.id,
    );
    return (
      reply
        .status(200)
        .header("Content-Type", "application/pdf")
        .header("Content-Length", String(file.size))
        .header("Content-Disposition", `attachment; filename="${file.fileName}"`)
        .header("X-Content-Type-Options", "nosniff")
        .header("Cache-Control", "no-store")
        .header("Content-Security-Policy", "default-src 'none'; sandbox")
        // A stream is sent as is (the response schemas describe only the JSON errors).
        .send(file.stream as never)
    );
  });
};
