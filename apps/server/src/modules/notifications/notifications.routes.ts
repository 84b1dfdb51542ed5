import {
  idParamSchema,
  inboxNotificationListSchema,
  inboxQuerySchema,
  notificationSendRequestSchema,
  notificationSendResponseSchema,
  unreadCountSchema,
} from "@festgeld/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../../plugins/auth.ts";
import * as service from "./notifications.service.ts";

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/admin/notifications/send",
    {
      config: { access: "admin" },
      bodyLimit: 65_536,
      schema: {
        tags: ["notifications", "admin"],
        summary: "Send a notification to all users (user_ids null) or to the listed users",
        description:
          "Lands in each recipient's inbox; also e-mailed in the background when SMTP is configured.",
        body: notificationSendRequestSchema,
        response: { 201: notificationSendResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await service.sendNotification(app.db, currentUser(request), request.body, {
        email: app.email.enabled,
        afterCommit: app.email.wake,
      });
      return reply.status(201).send(result);
    },
  );

  app.get(
    "/notifications",
    {
      config: { access: "user" },
      schema: {
        tags: ["notifications"],
        summary: "The signed-in user's notifications, newest first",
        description: "Paginated; total in X-Total-Count, unread total in X-Unread-Count.",
        querystring: inboxQuerySchema,
        response: { 200: inboxNotificationListSchema },
      },
    },
    async (request, reply) => {
      const { items, total, unread } = await service.listInbox(app.db, currentUser(request), request.query);
      reply.header("X-Total-Count", String(total));
      reply.header("X-Unread-Count", String(unread));
      reply.header("Cache-Control", "no-store");
      return items;
    },
  );

  app.get(
    "/notifications/unread-count",
    {
      config: { access: "user" },
      schema: {
        tags: ["notifications"],
        summary: "How many of the signed-in user's notifications are unread",
        response: { 200: unreadCountSchema },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      return service.unreadCount(app.db, currentUser(request));
    },
  );

  app.post(
    "/notifications/:id/read",
    {
      config: { access: "user" },
      schema: {
        tags: ["notifications"],
        summary: "Mark one of the signed-in user's notifications as read",
        params: idParamSchema,
        response: { 200: unreadCountSchema },
      },
    },
    async (request) => service.markRead(app.db, currentUser(request), request.params.id),
  );

  app.post(
    "/notifications/read-all",
    {
      config: { access: "user" },
      schema: {
        tags: ["notifications"],
        summary: "Mark all of the signed-in user's notifications as read",
        response: { 200: unreadCountSchema },
      },
    },
    async (request) => service.markAllRead(app.db, currentUser(request)),
  );
};
