import type { Kysely, SelectQueryBuilder } from "kysely";
import type { DB } from "../../db/schema.ts";

/** Packages with the bank each belongs to (every package list names it, the staff's too). */
export function withBank(db: Kysely<DB>) {
  return db
    .selectFrom("packages")
    .innerJoin("banks", "banks.id", "packages.bank_id")
    .selectAll("packages")
    .select([
      "banks.slug as bank_slug",
      "banks.name as bank_name",
      "banks.country as bank_country",
      "banks.status as bank_status",
    ]);
}
type WithBank =
  ReturnType<typeof withBank> extends SelectQueryBuilder<infer _D, infer _T, infer O> ? O : never;
export type PackageWithBankRow = WithBank;

/** The packages on offer: active, at a bank that is not paused. */
export function listActivePackages(db: Kysely<DB>) {
  return withBank(db)
    .where("packages.is_active", "=", true)
    .where("banks.status", "=", "active")
    .orderBy("packages.duration_months")
    .orderBy("packages.interest_rate")
    .orderBy("banks.name")
    .execute();
}

/**
 * The package on offer for a term and currency at the same bank as a given package, that one first,
 * then the best rate (a renewal stays at the bank that holds the money).
 */
export function findPackageInForce(
  db: Kysely<DB>,
  terms: { durationMonths: number; currency: string; preferredId: string },
) {
  return withBank(db)
    .where("packages.is_active", "=", true)
    .where("banks.status", "=", "active")
    .where("packages.duration_months", "=", terms.durationMonths)
    .where("packages.currency", "=", terms.currency)
    .where("packages.bank_id", "=", (eb) =>
      eb
        .selectFrom("packages as preferred")
        .select("preferred.bank_id")
        .where("preferred.id", "=", terms.preferredId),
    )
    .orderBy((eb) => eb.case().when("packages.id", "=", terms.preferredId).then(0).else(1).end())
    .orderBy("packages.interest_rate", "desc")
    .executeTakeFirst();
}

/** The active package with the best rate for a term and currency (a ladder rung, a rate alert). */
export function findBestActivePackage(db: Kysely<DB>, terms: { durationMonths: number; currency: string }) {
  return withBank(db)
    .where("packages.is_active", "=", true)
    .where("banks.status", "=", "active")
    .where("packages.duration_months", "=", terms.durationMonths)
    .where("packages.currency", "=", terms.currency)
    .orderBy("packages.interest_rate", "desc")
    .orderBy("packages.id")
    .executeTakeFirst();
}

export function findPackageById(db: Kysely<DB>, id: string) {
  return withBank(db).where("packages.id", "=", id).executeTakeFirst();
}

/** The bank of each of the given packages. */
export function listBanksOfPackages(db: Kysely<DB>, packageIds: readonly string[]) {
  return db
    .selectFrom("packages")
    .innerJoin("banks", "banks.id", "packages.bank_id")
    .select([
      "packages.id as package_id",
      "packages.interest_payout",
      "banks.id",
      "banks.slug",
      "banks.name",
      "banks.country",
    ])
    .where("packages.id", "in", packageIds)
    .execute();
}
