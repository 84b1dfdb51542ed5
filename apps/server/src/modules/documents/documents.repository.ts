import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";

const COLUMNS = ["id", "kind", "title", "language", "size_bytes", "created_at", "read_at"] as const;

export function listByUser(db: Kysely<DB>, userId: string, page: { limit: number; offset: number }) {
  return db
    .selectFrom("postbox_documents")
    .select(COLUMNS)
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countByUser(db: Kysely<DB>, userId: string): Promise<number> {
  const { count } = await db
    .selectFrom("postbox_documents")
    .select((eb) => eb.fn.countAll<string | number>().as("count"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** The user's own document only: another user's id finds nothing. */
export function findOwn(db: Kysely<DB>, userId: string, id: string) {
  return db
    .selectFrom("postbox_documents")
    .select([...COLUMNS, "storage_key"])
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

/** The first download marks the document read (the only change a document ever sees). */
export function markRead(db: Kysely<DB>, id: string) {
  return db
    .updateTable("postbox_documents")
    .set({ read_at: sql<Date>`now()` })
    .where("id", "=", id)
    .where("read_at", "is", null)
    .execute();
}

/** A document's file as recorded now (a statement rendered on its first download). */
export function findOwnFile(db: Kysely<DB>, id: string) {
  return db
    .selectFrom("postbox_documents")
    .select(["id", "storage_key", "size_bytes"])
    .where("id", "=", id)
    .executeTakeFirst();
}
