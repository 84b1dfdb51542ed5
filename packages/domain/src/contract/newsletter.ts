import { z } from "zod";
import { emailSchema, languageSchema } from "./common.ts";

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
    consented_at: z.string().describe("ISO 8601 timestamp of the consent"),
  })
  .meta({ id: "NewsletterSubscription" });
export type NewsletterSubscription = z.infer<typeof newsletterSubscriptionSchema>;

export const newsletterSubscriptionListSchema = z.array(newsletterSubscriptionSchema);
