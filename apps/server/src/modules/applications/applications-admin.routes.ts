import { operations } from "@festgeld/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { page, route } from "../../lib/route.ts";
import { currentUser } from "../../plugins/auth.ts";
import * as service from "./applications-admin.service.ts";

/** The back office's side of applications: list all, decide pending ones. */
export const applicationsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, operations.adminApplicationsList, async (request, reply) => {
    return page(reply, await service.listApplications(app.db, request.query));
  });

  route(app, operations.adminApplicationsDecide, async (request) =>
    service.decideApplication(app.db, currentUser(request), request.params.id, request.body, {
      now: app.clock.now(),
      defaultBank: app.depositSettings.defaultBank,
      sanctionsListMaxAgeDays: app.depositSettings.sanctionsListMaxAgeDays,
      events: app.events,
      messages: app.messages,
    }),
  );
};
