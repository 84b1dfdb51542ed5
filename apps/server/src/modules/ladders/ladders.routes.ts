import { operations } from "@festgeld/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requestLanguage } from "../../lib/language.ts";
import { route } from "../../lib/route.ts";
import { currentUser } from "../../plugins/auth.ts";
import * as service from "./ladders.service.ts";

/** Ladders per address: like applications (each ladder sends several), a few an hour, never dozens. */
export const LADDER_RATE_LIMIT = { max: 10, timeWindow: "1 hour" } as const;

export const laddersRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    operations.laddersCreate,
    { config: { rateLimit: LADDER_RATE_LIMIT } },
    async (request, reply) => {
      const ladder = await service.createLadder(app.db, currentUser(request), request.body, {
        language: requestLanguage(request),
        now: app.clock.now(),
        messages: app.messages,
      });
      return reply.status(201).send(ladder);
    },
  );

  route(app, operations.laddersListOwn, async (request) => {
    return service.listLadders(app.db, currentUser(request));
  });
};
