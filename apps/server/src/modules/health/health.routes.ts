import { healthResponseSchema, readyResponseSchema } from "@festgeld/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sql } from "kysely";
import { AppError } from "../../lib/errors.ts";

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health",
    {
      config: { access: "public" },
      schema: { tags: ["health"], summary: "Liveness", response: { 200: healthResponseSchema } },
    },
    async () => ({ status: "ok" as const }),
  );

  app.get(
    "/ready",
    {
      config: { access: "public" },
      schema: {
        tags: ["health"],
        summary: "Readiness: the database answers",
        response: { 200: readyResponseSchema },
      },
    },
    async () => {
      try {
        await sql`select 1`.execute(app.db);
      } catch {
        throw new AppError(503, "service_unavailable", "Database unavailable");
      }
      return { status: "ready" as const, database: "ok" as const };
    },
  );
};
