import type { MessagePreferences, MessagePreferencesUpdate, User } from "@festgeld/domain";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { unauthenticated } from "../../lib/errors.ts";
import * as repo from "./messages.repository.ts";

export async function get(db: Kysely<DB>, user: User): Promise<MessagePreferences> {
  const row = await repo.findRecipient(db, user.id);
  if (!row) throw unauthenticated();
  return { language: row.language };
}

/** Changes the account's language; what was sent before stays in the language it was sent in. */
export async function update(
  db: Kysely<DB>,
  user: User,
  input: MessagePreferencesUpdate,
): Promise<MessagePreferences> {
  const row = await repo.setLanguage(db, user.id, input.language);
  if (!row) throw unauthenticated();
  return { language: row.language };
}
