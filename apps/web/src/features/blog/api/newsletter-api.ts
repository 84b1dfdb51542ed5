import type { NewsletterSubscribeRequest } from "@festgeld/domain";
import { api } from "../../../lib/api-client.ts";
import { operations } from "../../../lib/operations.ts";

export const subscribeNewsletter = (body: NewsletterSubscribeRequest) =>
  api.call(operations.newsletterSubscribe, { body });

export const confirmNewsletter = (token: string) =>
  api.call(operations.newsletterConfirm, { body: { token } });

export const unsubscribeNewsletter = (token: string) =>
  api.call(operations.newsletterUnsubscribe, { body: { token } });
