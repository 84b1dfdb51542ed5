import type { ContactMessageRequest } from "@festgeld/domain";
import { api } from "../../../lib/api-client.ts";
import { operations } from "../../../lib/operations.ts";

/** Sends the contact form. */
export const sendContactMessage = (body: ContactMessageRequest) => api.call(operations.contactSend, { body });
