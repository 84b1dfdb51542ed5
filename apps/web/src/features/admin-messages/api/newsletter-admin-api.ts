import type { NewsletterSendRequest } from "@festgeld/domain";
import { operations } from "@festgeld/domain/operations";
import { api } from "../../../lib/api-client.ts";

/** Without `confirm` the server only counts the confirmed recipients per language. */
export const sendNewsletter = (body: NewsletterSendRequest) =>
  api.call(operations.adminNewsletterSend, { body });
