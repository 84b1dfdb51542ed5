import {
  applicationCreateRequestSchema,
  applicationListSchema,
  applicationSchema,
  idParamSchema,
  paginationQuerySchema,
} from "@festgeld/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requestLanguage } from "../../lib/language.ts";
import { currentUser } from "../../plugins/auth.ts";
import * as service from "./applications.service.ts";

/**
 * Applications per address: a household or office sends a few, never dozens; a flood of fake
 * applications would bury the back office. Refused requests answer 429 rate_limited.
 */
export const APPLICATION_RATE_LIMIT = { max: 20, timeWindow: "1 hour" } as const;

export const applicationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/applications",
    {
      // Signed out is allowed (not linked to an account); signed in links it (DESIGN.md 4.4).
      config: { access: "optional", rateLimit: APPLICATION_RATE_LIMIT },
      schema: {
        tags: ["applications"],
        summary: "Send an application for a deposit package",
        body: applicationCreateRequestSchema,
        response: { 201: applicationSchema },
      },
    },
    async (request, reply) => {
      const application = await service.createApplication(app.db, request.body, {
        user: request.user,
        language: requestLanguage(request),
      });
      reply.header("Cache-Control", "no-store");
      return reply.status(201).send(application);
    },
  );

  app.get(
    "/applications/me",
    {
      config: { access: "user" },
      schema: {
        tags: ["applications"],
        summary: "The signed-in user's own applications, newest first (X-Total-Count has the total)",
        querystring: paginationQuerySchema,
        response: { 200: applicationListSchema },
      },
    },
    async (request, reply) => {
      const { items, total } = await service.listOwnApplications(app.db, currentUser(request), request.query);
      reply.header("X-Total-Count", String(total));
      reply.header("Cache-Control", "no-store");
      return items;
    },
  );

  app.post(
    "/applications/:id/withdraw",
    {
      config: { access: "user" },
      schema: {
        tags: ["applications"],
        summary: "Withdraw from an approved application within 14 days of approval (right of withdrawal)",
        params: idParamSchema,
        response: { 200: applicationSchema },
      },
    },
    async (request, reply) => {
      const application = await service.withdrawApplication(app.db, currentUser(request), request.params.id);
      reply.header("Cache-Control", "no-store");
      return application;
    },
  );
};
