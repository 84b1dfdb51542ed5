import type { ContactMessageRequest } from "@festgeld/domain";
import { operations } from "@festgeld/domain/operations";
import { api } from "../../../lib/api-client.ts";

/** Sends the contact form. */
export const sendContactMessage = (body: ContactMessageRequest) => api.call(operations.contactSend, { body });
