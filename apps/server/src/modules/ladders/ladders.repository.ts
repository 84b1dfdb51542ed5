import type { Insertable, Kysely, Transaction } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { LaddersTable } from "../../db/tables/tools.ts";

type Db = Kysely<DB> | Transaction<DB>;

export type LadderRow = Awaited<ReturnType<typeof insertLadder>>;

export function insertLadder(db: Db, values: Insertable<LaddersTable>) {
  return db.insertInto("ladders").values(values).returningAll().executeTakeFirstOrThrow();
}

export function listLaddersOfUser(db: Db, userId: string) {
  return db
    .selectFrom("ladders")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(100)
    .execute();
}
