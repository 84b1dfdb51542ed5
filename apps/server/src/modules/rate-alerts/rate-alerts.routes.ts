import { operations } from "@festgeld/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../lib/route.ts";
import { currentUser } from "../../plugins/auth.ts";
import * as service from "./rate-alerts.service.ts";

export const rateAlertsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, operations.rateAlertsList, async (request) => {
    return service.listAlerts(app.db, currentUser(request));
  });

  route(app, operations.rateAlertsCreate, async (request, reply) => {
    const alert = await service.createAlert(app.db, currentUser(request), request.body, app.clock.now());
    return reply.status(201).send(alert);
  });

  route(app, operations.rateAlertsDelete, async (request, reply) => {
    await service.deleteAlert(app.db, currentUser(request), request.params.id);
    return reply.status(204).send();
  });
};
