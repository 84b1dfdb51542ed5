import { operations } from "@festgeld/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requestLanguage } from "../../lib/language.ts";
import { page, route } from "../../lib/route.ts";
import { currentUser } from "../../plugins/auth.ts";
import * as service from "./applications.service.ts";
import { approvalChecklist } from "./approval-checklist.service.ts";

/**
 * Applications per address: a household or office sends a few, never dozens; a flood of fake
 * applications would bury the back office. Refused requests answer 429 rate_limited.
 */
export const APPLICATION_RATE_LIMIT = { max: 20, timeWindow: "1 hour" } as const;

export const applicationsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    operations.applicationsCreate,
    { config: { rateLimit: APPLICATION_RATE_LIMIT } },
    async (request, reply) => {
      const application = await service.createApplication(app.db, request.body, {
        user: request.user,
        language: requestLanguage(request),
        now: app.clock.now(),
        messages: app.messages,
      });
      return reply.status(201).send(application);
    },
  );

  route(app, operations.meApprovalChecklist, async (request) => {
    return approvalChecklist(app.db, currentUser(request));
  });

  route(app, operations.applicationsListOwn, async (request, reply) => {
    return page(reply, await service.listOwnApplications(app.db, currentUser(request), request.query));
  });

  route(app, operations.applicationsCompleteDetails, async (request) =>
    service.completeDetails(app.db, currentUser(request), request.params.id, request.body, app.clock.now()),
  );

  route(app, operations.applicationsWithdraw, async (request) =>
    service.withdrawApplication(
      app.db,
      currentUser(request),
      request.params.id,
      app.clock.now(),
      app.events,
      app.messages,
    ),
  );
};
