import { packageListSchema, packagesQuerySchema } from "@festgeld/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requestLanguage } from "../../lib/language.ts";
import * as service from "./packages.service.ts";

export const packagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/packages",
    {
      config: { access: "public" },
      schema: {
        tags: ["packages"],
        summary: "Active deposit packages, ordered by term; features in the request's language",
        querystring: packagesQuerySchema,
        response: { 200: packageListSchema },
      },
    },
    async (request, reply) => {
      reply.header("Vary", "Accept-Language");
      return service.listActive(app.db, requestLanguage(request));
    },
  );
};
