import type { Language } from "@festgeld/domain";
import { type Kysely, type Selectable, sql } from "kysely";
import { type BulkColumn, insertMany } from "../../db/bulk.repository.ts";
import { inChunks } from "../../db/in-chunks.ts";
import type { DB } from "../../db/schema.ts";
import type { PostboxDocumentsTable } from "../../db/tables/messages.ts";
import type { DocumentKind } from "./postbox-pdf.ts";

export function findRecipient(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom("users")
    .select(["id", "email", "full_name", "language", "created_at"])
    .where("id", "=", userId)
    .executeTakeFirst();
}

/** The accounts of a batch of messages (an account erased meanwhile is missing). */
export async function findRecipients(db: Kysely<DB>, ids: readonly string[]) {
  const rows: Array<Awaited<ReturnType<typeof findRecipient>> & object> = [];
  await inChunks([...new Set(ids)], 5000, async (chunk) => {
    rows.push(
      ...(await db
        .selectFrom("users")
        .select(["id", "email", "full_name", "language", "created_at"])
        .where("id", "in", chunk)
        .execute()),
    );
  });
  return rows;
}

/** The one string naming (account, event key) in the sets below. */
export const eventId = (userId: string, eventKey: string) => `${userId} ${eventKey}`;

/** Claims (account, event key) pairs; answers those that were not told before (eventId). */
export async function claimEvents(
  db: Kysely<DB>,
  values: ReadonlyArray<{ user_id: string; event_key: string; event_type: string }>,
): Promise<Set<string>> {
  const fresh = new Set<string>();
  await inChunks(values, 5000, async (chunk) => {
    const rows = await db
      .insertInto("message_events")
      .values(chunk)
      .onConflict((oc) => oc.columns(["user_id", "event_key"]).doNothing())
      .returning(["user_id", "event_key"])
      .execute();
    for (const row of rows) fresh.add(eventId(row.user_id, row.event_key));
  });
  return fresh;
}

/** An event's inbox message: a notification addressed to the one account. */
export interface InboxMessage {
  id: string;
  user_id: string;
  event_key: string;
  title: string;
  message: string;
  /** The title and message in every language, read in the reader's (notifications.repository.ts). */
  translations: Record<string, { title: string; message: string; note: null }>;
}

/** Inbox messages, each to its account and recorded on its claimed event, a few statements per chunk. */
export async function insertInboxMessages(db: Kysely<DB>, messages: readonly InboxMessage[]) {
  await inChunks(messages, 1000, async (chunk) => {
    await db
      .insertInto("notifications")
      // clock_timestamp(), not now(): two events of one transaction (a document accepted, the identity
      // verified with it) are listed in the order they happened.
      .values(
        chunk.map((m) => ({
          id: m.id,
          title: m.title,
          message: m.message,
          translations: JSON.stringify(m.translations),
          broadcast: false,
          created_by: null,
          created_at: sql<Date>`clock_timestamp()`,
        })),
      )
      .execute();
    await db
      .insertInto("notification_recipients")
      .values(chunk.map((m) => ({ user_id: m.user_id, notification_id: m.id })))
      .execute();
    const pairs = chunk.map((m) => sql`(${m.user_id}::uuid, ${m.event_key}::text, ${m.id}::uuid)`);
    await sql`
      update message_events e set notification_id = v.notification_id
      from (values ${sql.join(pairs)}) as v (user_id, event_key, notification_id)
      where e.user_id = v.user_id and e.event_key = v.event_key
    `.execute(db);
  });
}

/** Rendered e-mails waiting for the outbox worker: each to an account (current address) or to an address. */
export async function queueTemplateEmails(
  db: Kysely<DB>,
  emails: ReadonlyArray<{
    template: string;
    facts: Record<string, unknown>;
    language: Language;
    user_id?: string | null;
    to_address?: string | null;
  }>,
) {
  await inChunks(emails, 5000, (chunk) =>
    db
      .insertInto("email_outbox")
      .values(
        chunk.map((e) => ({
          template: e.template,
          facts: JSON.stringify(e.facts),
          language: e.language,
          user_id: e.user_id ?? null,
          to_address: e.to_address ?? null,
          notification_id: null,
        })),
      )
      .execute(),
  );
}

export function setLanguage(db: Kysely<DB>, userId: string, language: Language) {
  return db
    .updateTable("users")
    .set({ language, updated_at: new Date() })
    .where("id", "=", userId)
    .returning("language")
    .executeTakeFirst();
}

/** A postbox document: rendered at issue (its file), or with its `content`, rendered on first download. */
export type NewDocument = Omit<Selectable<PostboxDocumentsTable>, "kind" | "created_at" | "read_at"> & {
  kind: DocumentKind;
};

/** Records postbox documents; answers when each was issued, by id. */
export async function insertDocuments(db: Kysely<DB>, documents: readonly NewDocument[]) {
  const issued = new Map<string, Date>();
  await inChunks(documents, 2000, async (chunk) => {
    const rows = await db
      .insertInto("postbox_documents")
      .values(
        chunk.map((d) => ({
          ...d,
          content: d.content === null ? null : JSON.stringify(d.content),
          created_at: sql<Date>`clock_timestamp()`,
        })),
      )
      .returning(["id", "created_at"])
      .execute();
    for (const row of rows) issued.set(row.id, row.created_at);
  });
  return issued;
}

/** A document issued with its content, as the renderer needs it. */
export function findUnrendered(db: Kysely<DB>, id: string) {
  return db
    .selectFrom("postbox_documents")
    .select(["id", "user_id", "kind", "language", "content", "created_at"])
    .where("id", "=", id)
    .where("storage_key", "is", null)
    .executeTakeFirst();
}

/** Records the file of a document rendered after issue (once: a second renderer finds it set). */
export async function setRenderedFile(
  db: Kysely<DB>,
  id: string,
  file: { storage_key: string; size_bytes: number; sha256: string },
) {
  await db
    .updateTable("postbox_documents")
    .set(file)
    .where("id", "=", id)
    .where("storage_key", "is", null)
    .execute();
}

/** The postbox document of an account issued under this key, if any. */
export function findDocumentByKey(db: Kysely<DB>, userId: string, key: string) {
  return db
    .selectFrom("postbox_documents")
    .select(["id", "kind", "title", "language", "size_bytes", "created_at", "read_at"])
    .where("user_id", "=", userId)
    .where("event_key", "=", key)
    .executeTakeFirst();
}

type NotifyJob = { name: string; key: string; payload: string; run_at: Date };

const NOTIFY_JOB_COLUMNS: ReadonlyArray<BulkColumn<NotifyJob>> = [
  ["name", "text", (job) => job.name],
  ["key", "text", (job) => job.key],
  ["payload", "jsonb", (job) => job.payload],
  ["run_at", "timestamptz", (job) => job.run_at],
];

/** Jobs that tell queued events (messages.service.ts `notifyLater`); a key queued before is kept. */
export async function queueNotifyJobs(db: Kysely<DB>, jobs: readonly NotifyJob[]) {
  await insertMany(db, "jobs", NOTIFY_JOB_COLUMNS, jobs, { conflict: ["key"] });
}
