import { operations } from "@festgeld/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../lib/route.ts";
import * as service from "./admin.service.ts";

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, operations.adminAnalytics, async () => {
    return service.analytics(app.db);
  });

  route(app, operations.adminUsersList, async (request, reply) => {
    const { items, total, capped } = await service.listUsers(app.db, request.query);
    reply.header("X-Total-Count", String(total));
    if (capped) reply.header("X-Total-Count-Capped", "true");
    return items;
  });
};
