import { operations } from "@festgeld/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../lib/route.ts";

/** The published API description, generated from the operation table. */
export const docsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, operations.openApiDocument, async () => app.swagger() as unknown as Record<string, unknown>);
};
