import type { Insertable, Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { AuditLogTable } from "../../db/tables/back-office.ts";

export function insertAuditEntry(db: Kysely<DB>, values: Insertable<AuditLogTable>) {
  return db.insertInto("audit_log").values(values).execute();
}

/** Newest first; the id breaks ties so that pages never overlap or skip. */
export function listAuditEntries(db: Kysely<DB>, page: { limit: number; offset: number; action?: string }) {
  let query = db.selectFrom("audit_log").selectAll();
  if (page.action) query = query.where("action", "=", page.action);
  return query
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countAuditEntries(db: Kysely<DB>, action?: string): Promise<number> {
  let query = db.selectFrom("audit_log").select((eb) => eb.fn.countAll<number>().as("count"));
  if (action) query = query.where("action", "=", action);
  const { count } = await query.executeTakeFirstOrThrow();
  return Number(count);
}
