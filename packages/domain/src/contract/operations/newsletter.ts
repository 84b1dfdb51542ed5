import { paginationQuerySchema } from "../common.ts";
import {
  newsletterSubscribeRequestSchema,
  newsletterSubscribeResponseSchema,
  newsletterSubscriptionListSchema,
} from "../newsletter.ts";
import { defineOperation, json } from "../operation.ts";

export const newsletterOperations = {
  newsletterSubscribe: defineOperation({
    id: "newsletterSubscribe",
    method: "POST",
    path: "/newsletter",
    access: "public",
    tags: ["newsletter"],
    summary: "Subscribe an e-mail address to the newsletter",
    description: "Answers 202 whether or not the address was already subscribed.",
    body: newsletterSubscribeRequestSchema,
    responses: { 202: json(newsletterSubscribeResponseSchema, "Accepted") },
    rateLimited: true,
  }),
  adminNewsletterSubscriptionsList: defineOperation({
    id: "adminNewsletterSubscriptionsList",
    method: "GET",
    path: "/admin/newsletter-subscriptions",
    access: "admin",
    tags: ["admin", "newsletter"],
    summary: "Newsletter subscriptions, newest first",
    query: paginationQuerySchema,
    responses: { 200: json(newsletterSubscriptionListSchema, "One page of subscriptions") },
    paged: true,
  }),
} as const;
