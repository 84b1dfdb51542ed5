import type { Language } from "@festgeld/domain";
import { type Kysely, sql } from "kysely";
import { type BulkColumn, insertMany } from "../../db/bulk.repository.ts";
import type { DB } from "../../db/schema.ts";
import type { DocumentKind } from "./postbox-pdf.ts";

export function findRecipient(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom("users")
    .select(["id", "email", "full_name", "language", "created_at"])
    .where("id", "=", userId)
    .executeTakeFirst();
}

/** Claims (account, event key); false when the event was told already. */
export async function claimEvent(
  db: Kysely<DB>,
  values: { user_id: string; event_key: string; event_type: string },
): Promise<boolean> {
  const rows = await db
    .insertInto("message_events")
    .values(values)
    .onConflict((oc) => oc.columns(["user_id", "event_key"]).doNothing())
    .returning("user_id")
    .execute();
  return rows.length > 0;
}

/** The event's inbox message: a notification addressed to the one account. */
export async function insertInboxMessage(
  db: Kysely<DB>,
  values: {
    user_id: string;
    event_key: string;
    title: string;
    message: string;
    /** The title and message in every language, read in the reader's (notifications.repository.ts). */
    translations: Record<string, { title: string; message: string; note: null }>;
  },
): Promise<string> {
  const notification = await db
    .insertInto("notifications")
    // clock_timestamp(), not now(): two events of one transaction (a document accepted, the identity
    // verified with it) are listed in the order they happened.
    .values({
      title: values.title,
      message: values.message,
      translations: JSON.stringify(values.translations),
      broadcast: false,
      created_by: null,
      created_at: sql<Date>`clock_timestamp()`,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("notification_recipients")
    .values({ user_id: values.user_id, notification_id: notification.id })
    .execute();
  await db
    .updateTable("message_events")
    .set({ notification_id: notification.id })
    .where("user_id", "=", values.user_id)
    .where("event_key", "=", values.event_key)
    .execute();
  return notification.id;
}

/** A rendered e-mail waiting for the outbox worker: to an account (current address) or to an address. */
export async function queueTemplateEmail(
  db: Kysely<DB>,
  values: {
    template: string;
    facts: Record<string, unknown>;
    language: Language;
    user_id?: string | null;
    to_address?: string | null;
  },
) {
  await db
    .insertInto("email_outbox")
    .values({
      template: values.template,
      facts: JSON.stringify(values.facts),
      language: values.language,
      user_id: values.user_id ?? null,
      to_address: values.to_address ?? null,
      notification_id: null,
    })
    .execute();
}

export function setLanguage(db: Kysely<DB>, userId: string, language: Language) {
  return db
    .updateTable("users")
    .set({ language, updated_at: new Date() })
    .where("id", "=", userId)
    .returning("language")
    .executeTakeFirst();
}

export function insertDocument(
  db: Kysely<DB>,
  values: {
    id: string;
    user_id: string;
    kind: DocumentKind;
    title: string;
    language: Language;
    event_key: string;
    storage_key: string;
    size_bytes: number;
    sha256: string;
  },
) {
  return db
    .insertInto("postbox_documents")
    .values({ ...values, created_at: sql<Date>`clock_timestamp()` })
    .returning(["id", "created_at"])
    .executeTakeFirstOrThrow();
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
