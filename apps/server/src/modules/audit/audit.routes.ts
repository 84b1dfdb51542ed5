import { auditLogListSchema, auditLogQuerySchema } from "@festgeld/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import * as service from "./audit.service.ts";

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/admin/audit-log",
    {
      config: { access: "admin" },
      schema: {
        tags: ["admin"],
        summary: "Audit log of admin actions, newest first (paginated; total in X-Total-Count)",
        querystring: auditLogQuerySchema,
        response: { 200: auditLogListSchema },
      },
    },
    async (request, reply) => {
      const { items, total } = await service.listAuditLog(app.db, request.query);
      reply.header("X-Total-Count", String(total));
      return items;
    },
  );
};
