import { paginationQuerySchema } from "../common.ts";
import {
  contactMessageCreatedSchema,
  contactMessageListSchema,
  contactMessageRequestSchema,
} from "../contact.ts";
import { defineOperation, json } from "../operation.ts";

export const contactOperations = {
  contactSend: defineOperation({
    id: "contactSend",
    method: "POST",
    path: "/contact",
    access: "public",
    tags: ["contact"],
    summary: "Send a message through the contact form; stored for the back office",
    body: contactMessageRequestSchema,
    responses: { 201: json(contactMessageCreatedSchema, "The message is stored") },
    rateLimited: true,
  }),
  adminContactMessagesList: defineOperation({
    id: "adminContactMessagesList",
    method: "GET",
    path: "/admin/contact-messages",
    access: "admin",
    tags: ["contact", "admin"],
    summary: "Contact messages, newest first",
    query: paginationQuerySchema,
    responses: { 200: json(contactMessageListSchema, "One page of messages") },
    paged: true,
  }),
} as const;
