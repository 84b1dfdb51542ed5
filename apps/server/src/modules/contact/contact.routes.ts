import { operations } from "@festgeld/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requestLanguage } from "../../lib/language.ts";
import { page, route } from "../../lib/route.ts";
import * as service from "./contact.service.ts";

/** Contact form submissions per IP address: enough for a person, too few for a spam run. */
export const CONTACT_RATE_LIMIT = { max: 5, timeWindow: "10 minutes" } as const;

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    operations.contactSend,
    { config: { rateLimit: CONTACT_RATE_LIMIT }, bodyLimit: 32_768 },
    async (request, reply) => {
      const created = await service.submitMessage(app.db, request.body, requestLanguage(request));
      return reply.status(201).send(created);
    },
  );

  route(app, operations.adminContactMessagesList, async (request, reply) => {
    return page(reply, await service.listMessages(app.db, request.query));
  });
};
