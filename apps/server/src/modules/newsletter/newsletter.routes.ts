import { operations } from "@festgeld/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requestLanguage } from "../../lib/language.ts";
import { route } from "../../lib/route.ts";
import * as service from "./newsletter.service.ts";

/** Sign-ups per IP address and window: plenty for a household, too few to fill the table with junk. */
export const NEWSLETTER_RATE_LIMIT = { max: 10, timeWindow: "10 minutes" } as const;

export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    operations.newsletterSubscribe,
    { config: { rateLimit: NEWSLETTER_RATE_LIMIT } },
    async (request, reply) => {
      await service.subscribe(app.db, {
        email: request.body.email,
        language: request.body.language ?? requestLanguage(request),
      });
      return reply.status(202).send({ ok: true as const });
    },
  );

  route(app, operations.adminNewsletterSubscriptionsList, async (request, reply) => {
    const { items, total } = await service.listSubscriptions(app.db, request.query);
    reply.header("X-Total-Count", String(total));
    reply.header("Cache-Control", "no-store");
    return items;
  });
};
