import { operations } from "@festgeld/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../lib/route.ts";
import { currentUser } from "../../plugins/auth.ts";
import * as service from "./packages-admin.service.ts";

/** Package management for the back office: operators must be able to change rates and availability. */
export const packagesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, operations.adminPackagesList, async () => service.listPackages(app.db));

  route(app, operations.adminPackagesCreate, async (request, reply) => {
    const created = await service.createPackage(
      app.db,
      currentUser(request),
      request.body,
      app.events,
      app.clock.now(),
    );
    return reply.status(201).send(created);
  });

  route(app, operations.adminPackagesUpdate, async (request) =>
    service.updatePackage(
      app.db,
      currentUser(request),
      request.params.id,
      request.body,
      app.events,
      app.clock.now(),
    ),
  );
};
