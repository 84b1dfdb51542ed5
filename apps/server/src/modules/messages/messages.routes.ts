import { operations } from "@festgeld/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../lib/route.ts";
import { currentUser } from "../../plugins/auth.ts";
import * as preferences from "./preferences.service.ts";

export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, operations.messagePreferencesGet, async (request, reply) => {
    reply.header("Cache-Control", "no-store");
    return preferences.get(app.db, currentUser(request));
  });

  route(app, operations.messagePreferencesUpdate, async (request) =>
    preferences.update(app.db, currentUser(request), request.body),
  );
};
