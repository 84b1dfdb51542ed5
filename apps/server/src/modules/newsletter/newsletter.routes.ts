import { operations } from "@festgeld/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requestLanguage } from "../../lib/language.ts";
import { page, route } from "../../lib/route.ts";
import { currentUser } from "../../plugins/auth.ts";
import * as service from "./newsletter.service.ts";

/** Sign-ups per IP address and window: plenty for a household, too few to fill the table with junk. */
export const NEWSLETTER_RATE_LIMIT = { max: 10, timeWindow: "10 minutes" } as const;
/** Confirmation and unsubscribe links per IP address and window: guessing tokens gets nowhere. */
export const NEWSLETTER_LINK_RATE_LIMIT = { max: 30, timeWindow: "10 minutes" } as const;

export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = () => ({ now: app.clock.now(), email: app.email.enabled, afterCommit: app.email.wake });

  route(
    app,
    operations.newsletterSubscribe,
    { config: { rateLimit: NEWSLETTER_RATE_LIMIT } },
    async (request, reply) => {
      await service.subscribe(
        app.db,
        { email: request.body.email, language: request.body.language ?? requestLanguage(request) },
        context(),
      );
      return reply.status(202).send({ ok: true as const });
    },
  );

  route(
    app,
    operations.newsletterConfirm,
    { config: { rateLimit: NEWSLETTER_LINK_RATE_LIMIT } },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      return service.confirm(app.db, request.body.token, app.clock.now());
    },
  );

  route(
    app,
    operations.newsletterUnsubscribe,
    { config: { rateLimit: NEWSLETTER_LINK_RATE_LIMIT } },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      return service.unsubscribe(app.db, request.body.token);
    },
  );

  route(app, operations.adminNewsletterSend, async (request) => {
    return service.sendIssue(app.db, currentUser(request), request.body, context());
  });

  route(app, operations.adminNewsletterSubscriptionsList, async (request, reply) => {
    return page(reply, await service.listSubscriptions(app.db, request.query));
  });
};
