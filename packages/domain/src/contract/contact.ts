import { z } from "zod";
import { CONTACT_LIMITS, LANGUAGES } from "../constants.ts";
import { emailSchema, timestampSchema } from "./common.ts";

// Name and subject are single lines: no control characters (they may end up in an e-mail header).
const singleLine = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
    .regex(/^[^\u0000-\u001f\u007f]*$/, "must be a single line without control characters");

/** POST /contact: the contact form, every field required. */
export const contactMessageRequestSchema = z.strictObject({
  name: singleLine(CONTACT_LIMITS.nameMax),
  email: emailSchema,
  subject: singleLine(CONTACT_LIMITS.subjectMax),
  // Line breaks are fine in the message; other control characters are not.
  message: z
    .string()
    .trim()
    .min(1)
    .max(CONTACT_LIMITS.messageMax)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
    .regex(/^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/, "must not contain control characters"),
});
export type ContactMessageRequest = z.input<typeof contactMessageRequestSchema>;
/** The request after validation (trimmed, e-mail lower-cased). */
export type ContactMessageData = z.output<typeof contactMessageRequestSchema>;

/** What the sender gets back: a reference, nothing of what others wrote. */
export const contactMessageCreatedSchema = z
  .object({
    id: z.string().uuid(),
    created_at: timestampSchema,
  })
  .meta({ id: "ContactMessageCreated" });
export type ContactMessageCreated = z.infer<typeof contactMessageCreatedSchema>;

/** A stored contact message as the back office reads it. */
export const contactMessageSchema = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    email: z.string(),
    subject: z.string(),
    message: z.string(),
    language: z.enum(LANGUAGES).describe("Interface language of the sender, for the reply"),
    created_at: timestampSchema,
  })
  .meta({ id: "ContactMessage" });
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const contactMessageListSchema = z.array(contactMessageSchema);
