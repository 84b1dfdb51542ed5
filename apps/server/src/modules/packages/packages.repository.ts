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

/** The active package for a term and currency, a given one first, then the best rate. */
export function findPackageInForce(
  db: Kysely<DB>,
  terms: { durationMonths: number; currency: string; preferredId: string },
) {
  return db
    .selectFrom("packages")
    .selectAll()
    .where("is_active", "=", true)
    .where("duration_months", "=", terms.durationMonths)
    .where("currency", "=", terms.currency)
    .orderBy((eb) => eb.case().when("id", "=", terms.preferredId).then(0).else(1).end())
    .orderBy("interest_rate", "desc")
    .executeTakeFirst();
}

export function findPackageById(db: Kysely<DB>, id: string) {
  return db.selectFrom("packages").selectAll().where("id", "=", id).executeTakeFirst();
}
