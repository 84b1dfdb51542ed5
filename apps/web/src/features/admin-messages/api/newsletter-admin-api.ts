import type { NewsletterSendRequest } from "@festgeld/domain";
import { api } from "../../../lib/api-client.ts";
import { operations } from "../../../lib/operations.ts";

/** Without `confirm` the server only counts the confirmed recipients per language. */
export const sendNewsletter = (body: NewsletterSendRequest) =>
  api.call(operations.adminNewsletterSend, { body });
