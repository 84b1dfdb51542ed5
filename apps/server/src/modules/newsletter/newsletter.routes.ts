import {
  newsletterSubscribeRequestSchema,
  newsletterSubscribeResponseSchema,
  newsletterSubscriptionListSchema,
  paginationQuerySchema,
} from "@festgeld/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requestLanguage } from "../../lib/language.ts";
import * as service from "./newsletter.service.ts";

/** Sign-ups per IP address and window: plenty for a household, too few to fill the table with junk. */
export const NEWSLETTER_RATE_LIMIT = { max: 10, timeWindow: "10 minutes" } as const;

export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/newsletter",
    {
      config: { access: "public", rateLimit: NEWSLETTER_RATE_LIMIT },
      schema: {
        tags: ["newsletter"],
        summary:
          "Subscribe an e-mail address to the newsletter. Answers 202 whether or not the address was already subscribed.",
        body: newsletterSubscribeRequestSchema,
        response: { 202: newsletterSubscribeResponseSchema },
      },
    },
    async (request, reply) => {
      await service.subscribe(app.db, {
        email: request.body.email,
        language: request.body.language ?? requestLanguage(request),
      });
      return reply.status(202).send({ ok: true as const });
    },
  );

  app.get(
    "/admin/newsletter-subscriptions",
    {
      config: { access: "admin" },
      schema: {
        tags: ["admin", "newsletter"],
        summary: "Newsletter subscriptions, newest first; total in X-Total-Count",
        querystring: paginationQuerySchema,
        response: { 200: newsletterSubscriptionListSchema },
      },
    },
    async (request, reply) => {
      const { items, total } = await service.listSubscriptions(app.db, request.query);
      reply.header("X-Total-Count", String(total));
      reply.header("Cache-Control", "no-store");
      return items;
    },
  );
};
