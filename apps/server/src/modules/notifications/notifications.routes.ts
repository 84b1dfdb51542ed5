import { operations } from "@festgeld/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requestedLanguage } from "../../lib/language.ts";
import { route } from "../../lib/route.ts";
import { currentUser } from "../../plugins/auth.ts";
import * as service from "./notifications.service.ts";

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, operations.adminNotificationsSend, { bodyLimit: 65_536 }, async (request, reply) => {
    const result = await service.sendNotification(app.db, currentUser(request), request.body, {
      email: app.email.enabled,
      afterCommit: app.email.wake,
    });
    return reply.status(201).send(result);
  });

  route(app, operations.adminNotificationsAudience, async (request) => {
    return service.audience(app.db, request.body);
  });

  route(app, operations.notificationsList, async (request, reply) => {
    // In the language the page asks for (Accept-Language), else the account's (docs/decisions.md
    // "The inbox reads in the page's language").
    const { items, total, unread } = await service.listInbox(app.db, currentUser(request), {
      ...request.query,
      language: requestedLanguage(request),
    });
    reply.header("X-Total-Count", String(total));
    reply.header("X-Unread-Count", String(unread));
    return items;
  });

  route(app, operations.notificationsUnreadCount, async (request) => {
    return service.unreadCount(app.db, currentUser(request));
  });

  route(app, operations.notificationsMarkRead, async (request) =>
    service.markRead(app.db, currentUser(request), request.params.id),
  );

  route(app, operations.notificationsMarkAllRead, async (request) =>
    service.markAllRead(app.db, currentUser(request)),
  );
};
