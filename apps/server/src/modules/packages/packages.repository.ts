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

/** The active package with the best rate for a term and currency (a ladder rung, a rate alert). */
export function findBestActivePackage(db: Kysely<DB>, terms: { durationMonths: number; currency: string }) {
  return db
    .selectFrom("packages")
    .selectAll()
    .where("is_active", "=", true)
    .where("duration_months", "=", terms.durationMonths)
    .where("currency", "=", terms.currency)
    .orderBy("interest_rate", "desc")
    .orderBy("id")
    .executeTakeFirst();
}

/** The receiving accounts packages name (each distinct account once). */
export function listPackageBankAccounts(db: Kysely<DB>) {
  return db
    .selectFrom("packages")
    .select(["partner_bank_holder", "partner_bank_iban", "partner_bank_bic", "partner_bank_name"])
    .where("partner_bank_iban", "is not", null)
    .where("partner_bank_holder", "is not", null)
    .where("partner_bank_bic", "is not", null)
    .distinct()
    .execute();
}

export function findPackageById(db: Kysely<DB>, id: string) {
  return db.selectFrom("packages").selectAll().where("id", "=", id).executeTakeFirst();
}
