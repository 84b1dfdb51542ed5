import {
  contactMessageCreatedSchema,
  contactMessageListSchema,
  contactMessageRequestSchema,
  paginationQuerySchema,
} from "@festgeld/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requestLanguage } from "../../lib/language.ts";
import * as service from "./contact.service.ts";

/** Contact form submissions per IP address: enough for a person, too few for a spam run. */
export const CONTACT_RATE_LIMIT = { max: 5, timeWindow: "10 minutes" } as const;

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/contact",
    {
      config: { access: "public", rateLimit: CONTACT_RATE_LIMIT },
      bodyLimit: 32_768,
      schema: {
        tags: ["contact"],
        summary: "Send a message through the contact form; stored for the back office",
        body: contactMessageRequestSchema,
        response: { 201: contactMessageCreatedSchema },
      },
    },
    async (request, reply) => {
      const created = await service.submitMessage(app.db, request.body, requestLanguage(request));
      return reply.status(201).send(created);
    },
  );

  app.get(
    "/admin/contact-messages",
    {
      config: { access: "admin" },
      schema: {
        tags: ["contact", "admin"],
        summary: "Contact messages, newest first (paginated; total in X-Total-Count)",
        querystring: paginationQuerySchema,
        response: { 200: contactMessageListSchema },
      },
    },
    async (request, reply) => {
      const { items, total } = await service.listMessages(app.db, request.query);
      reply.header("X-Total-Count", String(total));
      return items;
    },
  );
};
