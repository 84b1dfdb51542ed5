import { operations } from "@festgeld/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ping } from "../../db/monitoring.repository.ts";
import { AppError } from "../../lib/errors.ts";
import { route } from "../../lib/route.ts";

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, operations.healthLive, async () => ({ status: "ok" as const }));

  route(app, operations.healthReady, async () => {
    try {
      await ping(app.db);
    } catch {
      throw new AppError(503, "service_unavailable", "Database unavailable");
    }
    return { status: "ready" as const, database: "ok" as const };
  });
};
