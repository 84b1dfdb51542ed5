import { adminUsersQuerySchema, analyticsSchema, userSchema } from "@festgeld/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import * as service from "./admin.service.ts";

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/admin/analytics",
    {
      config: { access: "admin" },
      schema: {
        tags: ["admin"],
        summary: "Overview figures and monthly trends of the last 12 calendar months",
        description:
          "Months are calendar months in the business time zone (Europe/Berlin), oldest first; months without activity count zero.",
        response: { 200: analyticsSchema },
      },
    },
    async (_request, reply) => {
      reply.header("Cache-Control", "no-store");
      return service.analytics(app.db);
    },
  );

  app.get(
    "/admin/users",
    {
      config: { access: "admin" },
      schema: {
        tags: ["admin"],
        summary: "Users, newest first, filtered by role and KYC status, searched by e-mail",
        description:
          "`search` is a case-insensitive substring of the e-mail address. Paginated; total in X-Total-Count.",
        querystring: adminUsersQuerySchema,
        response: { 200: z.array(userSchema) },
      },
    },
    async (request, reply) => {
      const { items, total } = await service.listUsers(app.db, request.query);
      reply.header("X-Total-Count", String(total));
      return items;
    },
  );
};
