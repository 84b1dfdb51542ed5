import { messagePreferencesSchema, messagePreferencesUpdateSchema } from "../messages.ts";
import { defineOperation, json } from "../operation.ts";

export const messagesOperations = {
  messagePreferencesGet: defineOperation({
    id: "messagePreferencesGet",
    method: "GET",
    path: "/me/message-preferences",
    access: "user",
    tags: ["notifications"],
    summary: "The language the signed-in user's e-mails, messages and documents are written in",
    responses: { 200: json(messagePreferencesSchema, "The preferences") },
  }),
  messagePreferencesUpdate: defineOperation({
    id: "messagePreferencesUpdate",
    method: "PUT",
    path: "/me/message-preferences",
    access: "user",
    tags: ["notifications"],
    summary: "Change the language of the signed-in user's e-mails, messages and documents",
    description: "Applies to what is sent from now on; earlier messages and documents stay as they were.",
    body: messagePreferencesUpdateSchema,
    responses: { 200: json(messagePreferencesSchema, "The preferences afterwards") },
  }),
} as const;
