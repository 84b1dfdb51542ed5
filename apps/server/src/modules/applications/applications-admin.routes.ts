import {
  adminApplicationListSchema,
  adminApplicationSchema,
  adminApplicationsQuerySchema,
  applicationDecisionRequestSchema,
  idParamSchema,
} from "@festgeld/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../../plugins/auth.ts";
import * as service from "./applications-admin.service.ts";

/** The back office's side of applications (SPEC.md section 7): list all, decide pending ones. */
export const applicationsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/applications",
    {
      config: { access: "admin" },
      schema: {
        tags: ["applications", "admin"],
        summary: "All applications, newest first, optionally of one status (admin)",
        description: "Paginated; total in X-Total-Count.",
        querystring: adminApplicationsQuerySchema,
        response: { 200: adminApplicationListSchema },
      },
    },
    async (request, reply) => {
      const { items, total } = await service.listApplications(app.db, request.query);
      reply.header("X-Total-Count", String(total));
      reply.header("Cache-Control", "no-store");
      return items;
    },
  );

  app.patch(
    "/admin/applications/:id/decision",
    {
      config: { access: "admin" },
      schema: {
        tags: ["applications", "admin"],
        summary: "Approve or reject a pending application",
        description: "Only pending applications; a second decision (or a concurrent one) gets 409.",
        params: idParamSchema,
        body: applicationDecisionRequestSchema,
        response: { 200: adminApplicationSchema },
      },
    },
    async (request) =>
      service.decideApplication(app.db, currentUser(request), request.params.id, request.body),
  );
};
