import { operations } from "@festgeld/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../lib/route.ts";
import { openApiDocument } from "../../plugins/openapi.ts";

/** The published API description, generated from the operation table. */
export const docsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, operations.openApiDocument, async () => openApiDocument() as unknown as Record<string, unknown>);
};
