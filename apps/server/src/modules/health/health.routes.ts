import { operations } from "@festgeld/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sql } from "kysely";
import { AppError } from "../../lib/errors.ts";
import { route } from "../../lib/route.ts";

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, operations.healthLive, async () => ({ status: "ok" as const }));

  route(app, operations.healthReady, async () => {
    try {
      await sql`select 1`.execute(app.db);
    } catch {
      throw new AppError(503, "service_unavailable", "Database unavailable");
    }
    return { status: "ready" as const, database: "ok" as const };
  });
};
