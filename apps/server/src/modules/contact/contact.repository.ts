import type { Insertable, Kysely } from "kysely";
import { countRows } from "../../db/aggregates.repository.ts";
import type { DB } from "../../db/schema.ts";
import type { ContactMessagesTable } from "../../db/tables/content.ts";

export function insertContactMessage(db: Kysely<DB>, values: Insertable<ContactMessagesTable>) {
  return db.insertInto("contact_messages").values(values).returningAll().executeTakeFirstOrThrow();
}

/** Newest first; the id breaks ties so that pages never overlap or skip. */
export function listContactMessages(db: Kysely<DB>, page: { limit: number; offset: number }) {
  return db
    .selectFrom("contact_messages")
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countContactMessages(db: Kysely<DB>): Promise<number> {
  const { count } = await db
    .selectFrom("contact_messages")
    .select(countRows().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}
