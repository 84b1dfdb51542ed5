import { operations } from "@festgeld/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notFound } from "../../lib/errors.ts";
import { route } from "../../lib/route.ts";
import { openApiDocument } from "../../plugins/openapi.ts";

/** The published API description, generated from the operation table; absent with API_DOCS off. */
export const docsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, operations.openApiDocument, async () => {
    if (!app.apiDocs) throw notFound("not_found", "Not found");
    return openApiDocument() as unknown as Record<string, unknown>;
  });
};
