import { z } from "zod";
import { INBOX_KINDS } from "../constants.ts";
import { paginationQuerySchema, timestampSchema } from "./common.ts";
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
    created_at: timestampSchema,
  })
  .meta({ id: "NotificationSendResponse" });
export type NotificationSendResponse = z.infer<typeof notificationSendResponseSchema>;

export const inboxKindSchema = z.enum(INBOX_KINDS);
export type InboxKind = z.infer<typeof inboxKindSchema>;

/**
 * The kind of each event that reaches a saver's inbox. An event type missing here (or a message
 * staff wrote) counts as an announcement.
 */
export const INBOX_KIND_OF_EVENT: Readonly<Record<string, Exclude<InboxKind, "announcement">>> = {
  application_received: "deposit",
  application_approved: "deposit",
  application_rejected: "deposit",
  application_withdrawn: "deposit",
  deposit_funded: "deposit",
  deposit_maturity_reminder: "deposit",
  deposit_payout_ordered: "deposit",
  deposit_paid_out: "deposit",
  deposit_renewed: "deposit",
  deposit_closed_early: "deposit",
  deposit_lapsed: "deposit",
  deposit_payment_booked: "deposit",
  deposit_interest_paid: "deposit",
  deposit_payout_returned: "deposit",
  deposit_payout_redirected: "deposit",
  rate_alert_reached: "deposit",
  tax_statement_issued: "deposit",
  kyc_document_approved: "identity",
  kyc_document_rejected: "identity",
  kyc_document_new_upload: "identity",
  identity_verified: "identity",
  password_changed: "security",
  new_sign_in: "security",
  passkey_added: "security",
  passkey_removed: "security",
  email_changed: "security",
};

/** One notification in the signed-in user's inbox. */
export const inboxNotificationSchema = z
  .object({
    id: z.string().uuid(),
    title: z.string(),
    message: z.string(),
    created_at: timestampSchema,
    read: z.boolean(),
    kind: inboxKindSchema,
    application_id: z
      .string()
      .uuid()
      .nullable()
      .describe("The application (and its deposits) the message is about, if any"),
    document_id: z
      .string()
      .uuid()
      .nullable()
      .describe("The postbox document issued with the message, if any"),
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
  kind: inboxKindSchema.optional().describe("Only notifications of this kind"),
});

export const unreadCountSchema = z.object({ unread: z.number().int() }).meta({ id: "UnreadCount" });
export type UnreadCount = z.infer<typeof unreadCountSchema>;
