import type { NotificationSendRequest } from "@festgeld/domain";
import { api } from "../../../lib/api-client.ts";
import { operations } from "../../../lib/operations.ts";

export const findUsers = (search: string, signal?: AbortSignal) =>
  api.call(operations.adminUsersList, { query: { search, limit: 8 }, signal });

/** How many accounts a send would reach, per language (nothing is sent). */
export const notificationAudience = (userIds: string[] | null) =>
  api.call(operations.adminNotificationsAudience, { body: { user_ids: userIds } });

export const sendNotification = (body: NotificationSendRequest) =>
  api.call(operations.adminNotificationsSend, { body });
