import { z } from "zod";
import { paginationQuerySchema } from "./common.ts";
import { localizedMessageSchema } from "./newsletter.ts";

/** Limits of an admin notification; the back-office form uses the same numbers. */
export const NOTIFICATION_LIMITS = {
  titleMax: 200,
  messageMax: 5000,
  /** Recipients one targeted notification may name; larger audiences are sent to all users. */
  recipientsMax: 1000,
} as const;

/**
 * POST /admin/notifications/send. `user_ids` null or absent means every account.
 * Blank title or message is answered with `notification_empty` (the product's error
 * text 'Please enter title and message'), not a generic validation error, so the schema lets them through.
 */
export const notificationSendRequestSchema = z.strictObject({
  /** One text for every reader (when `texts` is not given). */
  title: z.string().trim().max(NOTIFICATION_LIMITS.titleMax).optional(),
  message: z.string().trim().max(NOTIFICATION_LIMITS.messageMax).optional(),
  /** Per language: readers get their language's text, else the first written one with a note. */
  texts: localizedMessageSchema.optional(),
  user_ids: z.array(z.string().uuid()).max(NOTIFICATION_LIMITS.recipientsMax).nullable().optional(),
});

/** POST /admin/notifications/audience: who a send would reach, for the confirmation step. */
export const notificationAudienceRequestSchema = z.strictObject({
  user_ids: z.array(z.string().uuid()).max(NOTIFICATION_LIMITS.recipientsMax).nullable().optional(),
});
export type NotificationSendRequest = z.input<typeof notificationSendRequestSchema>;
export type NotificationSendData = z.output<typeof notificationSendRequestSchema>;

export const notificationSendResponseSchema = z
  .object({
    id: z.string().uuid(),
    audience: z.enum(["all", "selected"]),
    recipients: z.number().int().describe("Accounts that see it in their inbox"),
    emails_queued: z.number().int().describe("E-mails queued for delivery (0 when SMTP is not configured)"),
    created_at: z.string().describe("ISO 8601 timestamp"),
  })
  .meta({ id: "NotificationSendResponse" });
export type NotificationSendResponse = z.infer<typeof notificationSendResponseSchema>;

/** One notification in the signed-in user's inbox. */
export const inboxNotificationSchema = z
  .object({
    id: z.string().uuid(),
    title: z.string(),
    message: z.string(),
    created_at: z.string().describe("ISO 8601 timestamp"),
    read: z.boolean(),
  })
  .meta({ id: "InboxNotification" });
export type InboxNotification = z.infer<typeof inboxNotificationSchema>;

export const inboxNotificationListSchema = z.array(inboxNotificationSchema);

export const inboxQuerySchema = paginationQuerySchema.extend({
  unread: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => v === "true")
    .describe("Only unread notifications"),
});

export const unreadCountSchema = z.object({ unread: z.number().int() }).meta({ id: "UnreadCount" });
export type UnreadCount = z.infer<typeof unreadCountSchema>;
