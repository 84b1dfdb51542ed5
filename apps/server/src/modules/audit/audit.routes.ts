import { operations } from "@festgeld/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../lib/route.ts";
import * as service from "./audit.service.ts";

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, operations.adminAuditLogList, async (request, reply) => {
    const { items, total } = await service.listAuditLog(app.db, request.query);
    reply.header("X-Total-Count", String(total));
    return items;
  });
};
