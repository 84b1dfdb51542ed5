import { idParamSchema } from "../common.ts";
import { audienceCountSchema } from "../newsletter.ts";
import {
  inboxNotificationListSchema,
  inboxQuerySchema,
  notificationAudienceRequestSchema,
  notificationSendRequestSchema,
  notificationSendResponseSchema,
  unreadCountSchema,
} from "../notifications.ts";
import { defineOperation, json } from "../operation.ts";

export const notificationsOperations = {
  adminNotificationsSend: defineOperation({
    id: "adminNotificationsSend",
    method: "POST",
    path: "/admin/notifications/send",
    access: "admin",
    tags: ["notifications", "admin"],
    summary: "Send a notification to all users (user_ids null) or to the listed users",
    description: "Lands in each recipient's inbox; also e-mailed in the background when SMTP is configured.",
    body: notificationSendRequestSchema,
    responses: { 201: json(notificationSendResponseSchema, "The notification is sent") },
  }),
  adminNotificationsAudience: defineOperation({
    id: "adminNotificationsAudience",
    method: "POST",
    path: "/admin/notifications/audience",
    access: "admin",
    tags: ["notifications", "admin"],
    summary:
      "How many accounts a notification would reach, per language (the confirmation step before sending)",
    body: notificationAudienceRequestSchema,
    responses: { 200: json(audienceCountSchema, "The recipients per language; nothing is sent") },
  }),
  notificationsList: defineOperation({
    id: "notificationsList",
    method: "GET",
    path: "/notifications",
    access: "user",
    tags: ["notifications"],
    summary: "The signed-in user's notifications, newest first",
    description: "The unread total is in X-Unread-Count.",
    query: inboxQuerySchema,
    responses: { 200: json(inboxNotificationListSchema, "One page of notifications") },
    paged: true,
    headers: ["X-Unread-Count"],
  }),
  notificationsUnreadCount: defineOperation({
    id: "notificationsUnreadCount",
    method: "GET",
    path: "/notifications/unread-count",
    access: "user",
    tags: ["notifications"],
    summary: "How many of the signed-in user's notifications are unread",
    responses: { 200: json(unreadCountSchema, "The unread count") },
  }),
  notificationsMarkRead: defineOperation({
    id: "notificationsMarkRead",
    method: "POST",
    path: "/notifications/:id/read",
    access: "user",
    tags: ["notifications"],
    summary: "Mark one of the signed-in user's notifications as read",
    params: idParamSchema,
    responses: { 200: json(unreadCountSchema, "The unread count afterwards") },
  }),
  notificationsMarkAllRead: defineOperation({
    id: "notificationsMarkAllRead",
    method: "POST",
    path: "/notifications/read-all",
    access: "user",
    tags: ["notifications"],
    summary: "Mark all of the signed-in user's notifications as read",
    responses: { 200: json(unreadCountSchema, "The unread count afterwards (0)") },
  }),
} as const;
