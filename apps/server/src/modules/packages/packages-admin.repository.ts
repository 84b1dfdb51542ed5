import type { Insertable, Kysely, Updateable } from "kysely";
import type { DB, PackagesTable } from "../../db/schema.ts";

/** Every package, active ones first, then by term and rate. */
export function listAllPackages(db: Kysely<DB>) {
  return db
    .selectFrom("packages")
    .selectAll()
    .orderBy("is_active", "desc")
    .orderBy("duration_months")
    .orderBy("interest_rate")
    .orderBy("created_at")
    .execute();
}

/** The package row, locked until the transaction ends (two admins editing one package take turns). */
export function findPackageForUpdate(db: Kysely<DB>, id: string) {
  return db.selectFrom("packages").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
}

export function insertPackage(db: Kysely<DB>, values: Insertable<PackagesTable>) {
  return db.insertInto("packages").values(values).returningAll().executeTakeFirstOrThrow();
}

export function updatePackage(db: Kysely<DB>, id: string, values: Updateable<PackagesTable>) {
  return db
    .updateTable("packages")
    .set({ ...values, updated_at: new Date() })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
