import { z } from "zod";
import { languageSchema } from "./common.ts";

/**
 * The account's message preferences: the language of its e-mails, inbox messages and documents
 *. Set at registration from the interface language.
 */
export const messagePreferencesSchema = z
  .object({ language: languageSchema.describe("Language of e-mails, inbox messages and documents") })
  .meta({ id: "MessagePreferences" });
export type MessagePreferences = z.infer<typeof messagePreferencesSchema>;

export const messagePreferencesUpdateSchema = z.strictObject({ language: languageSchema });
export type MessagePreferencesUpdate = z.input<typeof messagePreferencesUpdateSchema>;
