import { operations } from "@festgeld/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { page, route } from "../../lib/route.ts";
import * as service from "./audit.service.ts";

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, operations.adminAuditLogList, async (request, reply) => {
    return page(reply, await service.listAuditLog(app.db, request.query));
  });
};
