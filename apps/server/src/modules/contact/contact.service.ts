import type {
  ContactMessage,
  ContactMessageCreated,
  ContactMessageData,
  Language,
  PaginationQuery,
} from "@festgeld/domain";
import type { Kysely, Selectable } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { ContactMessagesTable } from "../../db/tables/content.ts";
import * as repo from "./contact.repository.ts";

type ContactRow = Selectable<ContactMessagesTable>;

function toContactMessage(row: ContactRow): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    language: row.language,
    created_at: row.created_at.toISOString(),
  };
}

/** Stores a message from the public contact form; anyone may send one (the route is rate-limited). */
export async function submitMessage(
  db: Kysely<DB>,
  input: ContactMessageData,
  language: Language,
): Promise<ContactMessageCreated> {
  const row = await repo.insertContactMessage(db, { ...input, language });
  return { id: row.id, created_at: row.created_at.toISOString() };
}

/** One page of messages, newest first, with the total for X-Total-Count. Admin only (route access). */
export async function listMessages(
  db: Kysely<DB>,
  page: PaginationQuery,
): Promise<{ items: ContactMessage[]; total: number }> {
  const [rows, total] = await Promise.all([
    repo.listContactMessages(db, page),
    repo.countContactMessages(db),
  ]);
  return { items: rows.map(toContactMessage), total };
}
