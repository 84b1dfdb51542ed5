import type { Insertable, Kysely, Updateable } from "kysely";
import type { DB, PackagesTable } from "../../db/schema.ts";
import { withBank } from "./packages.repository.ts";

export function listAllPackages(db: Kysely<DB>) {
  return withBank(db)
    .orderBy("packages.is_active", "desc")
    .orderBy("packages.duration_months")
    .orderBy("packages.interest_rate")
    .orderBy("packages.created_at")
    .execute();
}

export function findPackageWithBank(db: Kysely<DB>, id: string) {
  return withBank(db).where("packages.id", "=", id).executeTakeFirstOrThrow();
}

/** A bank's id if it exists, or the first bank created when none is named (a package's default bank). */
export async function findBankId(db: Kysely<DB>, id: string | undefined) {
  let query = db.selectFrom("banks").select("id");
  query = id === undefined ? query.orderBy("created_at").orderBy("id").limit(1) : query.where("id", "=", id);
  return (await query.executeTakeFirst())?.id;
}

/** How many applications were made for a package (its bank is fixed once there is one). */
export async function countApplicationsOfPackage(db: Kysely<DB>, packageId: string) {
  const row = await db
    .selectFrom("applications")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("package_id", "=", packageId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The package row, locked until the transaction ends (two admins editing one package take turns). */
export async function findPackageForUpdate(db: Kysely<DB>, id: string) {
  const locked = await db
    .selectFrom("packages")
    .select("id")
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
  return locked ? findPackageWithBank(db, id) : undefined;
}

export async function insertPackage(db: Kysely<DB>, values: Insertable<PackagesTable>) {
  const { id } = await db.insertInto("packages").values(values).returning("id").executeTakeFirstOrThrow();
  return findPackageWithBank(db, id);
}

export async function updatePackage(db: Kysely<DB>, id: string, values: Updateable<PackagesTable>) {
  await db
    .updateTable("packages")
    .set({ ...values, updated_at: new Date() })
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return findPackageWithBank(db, id);
}

export type PackageWithBankRow = Awaited<ReturnType<typeof findPackageWithBank>>;
