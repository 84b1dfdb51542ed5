import type { Language } from "@festgeld/domain";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";

/** Stores the address unless it is already there; a known address keeps its first consent. */
export function insertSubscriptionIfNew(db: Kysely<DB>, row: { email: string; language: Language }) {
  return db
    .insertInto("newsletter_subscriptions")
    .values(row)
    .onConflict((oc) => oc.column("email").doNothing())
    .execute();
}

export function listSubscriptions(db: Kysely<DB>, page: { limit: number; offset: number }) {
  return db
    .selectFrom("newsletter_subscriptions")
    .select(["id", "email", "language", "consented_at"])
    .orderBy("consented_at", "desc")
    .orderBy("id", "desc")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countSubscriptions(db: Kysely<DB>): Promise<number> {
  const { count } = await db
    .selectFrom("newsletter_subscriptions")
    .select((eb) => eb.fn.countAll<string | number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}
