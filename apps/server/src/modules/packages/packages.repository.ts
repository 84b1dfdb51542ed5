import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";

export function listActivePackages(db: Kysely<DB>) {
  return db
    .selectFrom("packages")
    .selectAll()
    .where("is_active", "=", true)
    .orderBy("duration_months")
    .orderBy("interest_rate")
    .execute();
}

export function findPackageById(db: Kysely<DB>, id: string) {
  return db.selectFrom("packages").selectAll().where("id", "=", id).executeTakeFirst();
}
