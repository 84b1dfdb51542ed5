import { z } from "zod";
import { LANGUAGES, perLanguage } from "../constants.ts";
import { emailSchema, languageSchema } from "./common.ts";
import { emailTokenSchema } from "./security.ts";

/**
 * Newsletter sign-up from the blog sidebar.
 * The language is the interface language at the time of consent; without it the request's language
 * (Accept-Language) is stored.
 */
export const newsletterSubscribeRequestSchema = z.strictObject({
  email: emailSchema,
  language: languageSchema.optional(),
});
export type NewsletterSubscribeRequest = z.input<typeof newsletterSubscribeRequestSchema>;

/**
 * The same answer for a new and for an already known address, so the endpoint cannot be used to
 * find out whether someone subscribed.
 */
export const newsletterSubscribeResponseSchema = z
  .object({ ok: z.literal(true) })
  .meta({ id: "NewsletterSubscribeResponse" });
export type NewsletterSubscribeResponse = z.infer<typeof newsletterSubscribeResponseSchema>;

/** One stored subscription as the back office sees it. */
export const newsletterSubscriptionSchema = z
  .object({
    id: z.string().uuid(),
    email: z.string(),
    language: languageSchema,
    consented_at: z.string().describe("ISO 8601 timestamp of the sign-up"),
    confirmed_at: z
      .string()
      .nullable()
      .describe("ISO 8601 timestamp of the confirmation through the e-mailed link; null while unconfirmed"),
  })
  .meta({ id: "NewsletterSubscription" });
export type NewsletterSubscription = z.infer<typeof newsletterSubscriptionSchema>;

export const newsletterSubscriptionListSchema = z.array(newsletterSubscriptionSchema);

/** A token from a newsletter link (confirmation or unsubscribe). */
export const newsletterTokenRequestSchema = z.strictObject({ token: emailTokenSchema });

export const newsletterConfirmResponseSchema = z
  .object({ confirmed: z.literal(true) })
  .meta({ id: "NewsletterConfirmResponse" });
export type NewsletterConfirmResponse = z.infer<typeof newsletterConfirmResponseSchema>;

export const newsletterUnsubscribeResponseSchema = z
  .object({ unsubscribed: z.literal(true) })
  .meta({ id: "NewsletterUnsubscribeResponse" });
export type NewsletterUnsubscribeResponse = z.infer<typeof newsletterUnsubscribeResponseSchema>;

/** Limits of a message written by staff (a broadcast or a newsletter), per language. */
export const LOCALIZED_MESSAGE_LIMITS = { titleMax: 200, messageMax: 5000 } as const;

const localizedTextSchema = z.strictObject({
  title: z.string().trim().min(1).max(LOCALIZED_MESSAGE_LIMITS.titleMax),
  message: z.string().trim().min(1).max(LOCALIZED_MESSAGE_LIMITS.messageMax),
});

/**
 * A text written by staff in one or more languages. A reader whose language is missing gets the first
 * given language (English, German, French in that order) with a note saying so.
 */
export const localizedMessageSchema = z
  .strictObject(perLanguage(() => localizedTextSchema.optional()))
  .refine((m) => LANGUAGES.some((language) => m[language]), {
    message: "Write the title and message in at least one language",
    path: [LANGUAGES[0]],
  });
export type LocalizedMessage = z.output<typeof localizedMessageSchema>;

/** POST /admin/newsletter/send: one issue of the newsletter to every confirmed address. */
export const newsletterSendRequestSchema = z.strictObject({
  texts: localizedMessageSchema,
  /** Without it the answer only counts the recipients (the confirmation step); nothing is sent. */
  confirm: z.boolean().optional(),
});
export type NewsletterSendRequest = z.input<typeof newsletterSendRequestSchema>;

/** Recipients per language, and the e-mails queued (0 for a count only, or without SMTP). */
export const audienceCountSchema = z
  .object({
    recipients: z.number().int(),
    by_language: z.object(perLanguage(() => z.number().int())),
    sent: z.boolean().describe("false for the count of the confirmation step"),
    emails_queued: z.number().int(),
  })
  .meta({ id: "AudienceCount" });
export type AudienceCount = z.infer<typeof audienceCountSchema>;
