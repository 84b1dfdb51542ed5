import {
  adminPackageListSchema,
  adminPackageSchema,
  idParamSchema,
  packageCreateRequestSchema,
  packageUpdateRequestSchema,
} from "@festgeld/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../../plugins/auth.ts";
import * as service from "./packages-admin.service.ts";

/** Package management for the back office (beyond SPEC.md: operators must be able to change rates). */
export const packagesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/admin/packages",
    {
      config: { access: "admin" },
      schema: {
        tags: ["packages", "admin"],
        summary: "Every package, active and inactive, with features in every language",
        response: { 200: adminPackageListSchema },
      },
    },
    async () => service.listPackages(app.db),
  );

  app.post(
    "/admin/packages",
    {
      config: { access: "admin" },
      schema: {
        tags: ["packages", "admin"],
        summary: "Create a package",
        body: packageCreateRequestSchema,
        response: { 201: adminPackageSchema },
      },
    },
    async (request, reply) => {
      const created = await service.createPackage(app.db, currentUser(request), request.body);
      return reply.status(201).send(created);
    },
  );

  app.patch(
    "/admin/packages/:id",
    {
      config: { access: "admin" },
      schema: {
        tags: ["packages", "admin"],
        summary: "Change a package's rate, limits, features or availability (is_active)",
        description: "Existing applications keep the rate and term they were made with.",
        params: idParamSchema,
        body: packageUpdateRequestSchema,
        response: { 200: adminPackageSchema },
      },
    },
    async (request) => service.updatePackage(app.db, currentUser(request), request.params.id, request.body),
  );
};
