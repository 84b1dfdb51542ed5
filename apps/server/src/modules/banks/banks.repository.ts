import type { Insertable, Kysely, Updateable } from "kysely";
import { sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { BanksTable } from "../../db/tables/banks.ts";

type Db = Kysely<DB>;

/** Every bank, by name, with how many packages it has. */
export function listBanks(db: Db) {
  return db
    .selectFrom("banks")
    .selectAll("banks")
    .select((eb) =>
      eb
        .selectFrom("packages")
        .select(eb.fn.countAll<string>().as("n"))
        .whereRef("packages.bank_id", "=", "banks.id")
        .as("package_count"),
    )
    .orderBy("banks.name")
    .orderBy("banks.created_at")
    .execute();
}

export function findBankById(db: Db, id: string) {
  return db.selectFrom("banks").selectAll().where("id", "=", id).executeTakeFirst();
}

export function findBankBySlug(db: Db, slug: string) {
  return db.selectFrom("banks").selectAll().where("slug", "=", slug).executeTakeFirst();
}

/** The bank row, locked until the transaction ends (two admins editing one bank take turns). */
export function findBankForUpdate(db: Db, id: string) {
  return db.selectFrom("banks").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
}

export function findBankByAccountIban(db: Db, iban: string) {
  return db.selectFrom("banks").selectAll().where("account_iban", "=", iban).executeTakeFirst();
}

/** The first bank created: where a package made without a bank goes. */
export function findFirstBank(db: Db) {
  return db.selectFrom("banks").selectAll().orderBy("created_at").orderBy("id").limit(1).executeTakeFirst();
}

/** The bank of a package (every package has one). */
export function findBankOfPackage(db: Db, packageId: string) {
  return db
    .selectFrom("banks")
    .innerJoin("packages", "packages.bank_id", "banks.id")
    .selectAll("banks")
    .where("packages.id", "=", packageId)
    .executeTakeFirst();
}

export function insertBank(db: Db, values: Insertable<BanksTable>) {
  return db.insertInto("banks").values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateBank(db: Db, id: string, values: Updateable<BanksTable>) {
  return db
    .updateTable("banks")
    .set({ ...values, updated_at: new Date() })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Whether a bank other than `exceptId` already has this value in a column that must be unique. */
export async function takenByAnotherBank(
  db: Db,
  column: "slug" | "account_iban",
  value: string,
  exceptId: string | null,
): Promise<boolean> {
  let query = db
    .selectFrom("banks")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where(column, "=", value);
  if (exceptId) query = query.where("id", "<>", exceptId);
  return Number((await query.executeTakeFirstOrThrow()).n) > 0;
}

/** Gives every bank without a receiving account the configured one (the seed; see 0180_banks.sql). */
export function fillMissingAccounts(db: Db, account: { holder: string; iban: string; bic: string }) {
  return (
    db
      .updateTable("banks")
      .set({ account_holder: account.holder, account_iban: account.iban, account_bic: account.bic })
      .where("account_iban", "is", null)
      // The configured account may already be another bank's: then the seeded bank keeps none.
      .where((eb) =>
        eb.not(
          eb.exists(
            eb.selectFrom("banks as other").select("other.id").where("other.account_iban", "=", account.iban),
          ),
        ),
      )
      .execute()
  );
}

/** One saver's rows (by the column naming the saver), or everyone's (null). */
const ofSaver = (column: "a.user_id" | "d.user_id", userId: string | null) =>
  userId === null ? sql`` : sql`${sql.ref(column)} = ${userId} and `;

/**
 * What a bank holds in euro cents (`banks` is the outer row): the balance of the deposits' ledger there,
 * money received and interest credited less what left; of one saver or of all.
 */
const heldCents = (userId: string | null) =>
  sql<string>`coalesce((
        select sum(case when l.kind in ('principal_received', 'interest_credited') then l.amount_cents
                        else -l.amount_cents end)
        from deposit_ledger l
        join deposits d on d.id = l.deposit_id
        join applications a on a.id = d.application_id
        join packages p on p.id = a.package_id
        where ${ofSaver("d.user_id", userId)}d.currency = 'EUR' and p.bank_id = banks.id
      ), 0)`.as("held_cents");

/** What a bank awaits in euro cents: applications not decided yet and approved ones awaiting their money. */
const pendingCents = (userId: string | null) =>
  sql<string>`coalesce((
        select sum(a.amount_cents)
        from applications a
        join packages p on p.id = a.package_id
        where ${ofSaver("a.user_id", userId)}a.currency = 'EUR' and p.bank_id = banks.id
          and (a.status = 'pending' or (a.status = 'approved' and exists (
            select 1 from deposits d where d.application_id = a.id and d.status = 'awaiting_funds')))
      ), 0)`.as("pending_cents");

/**
 * What a saver has at each bank, in euro cents (EUR only: the guarantee is in euro). Held: what the
 * saver's deposits there hold now, the balance of the per-deposit ledger (a view over the journal:
 * money received and interest credited, less what was paid out or carried to a renewal), so a deposit
 * paid out or closed holds nothing and a returned payout holds its money again. Pending: applications
 * not decided yet and approved ones whose money has not arrived.
 */
export function guaranteeTotalsByBank(db: Db, userId: string) {
  return db
    .selectFrom("banks")
    .select([
      "banks.id",
      "banks.slug",
      "banks.name",
      "banks.country",
      "banks.scheme_coverage_cents",
      heldCents(userId),
      pendingCents(userId),
    ])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("applications")
          .innerJoin("packages", "packages.id", "applications.package_id")
          .select("applications.id")
          .whereRef("packages.bank_id", "=", "banks.id")
          .where("applications.user_id", "=", userId)
          .where("applications.currency", "=", "EUR")
          .where("applications.status", "in", ["pending", "approved"]),
      ),
    )
    .orderBy("banks.name")
    .execute();
}

/**
 * What all savers hold and await at each bank (by its id), in euro cents, for the staff overview, by the
 * same rules as a saver's own guarantee totals above: held is the balance of the deposits' ledger there
 * (money received and interest credited, less what left), so an approved deposit whose money has not
 * arrived holds nothing; pending is the applications not decided yet and the approved ones awaiting their
 * funds (docs/decisions.md "Held is money received"). The overview takes the banks themselves from
 * `listBanks`.
 */
export function exposureByBank(db: Db) {
  return db
    .selectFrom("banks")
    .select([
      "banks.id",
      heldCents(null),
      pendingCents(null),
      sql<string>`(
        select count(distinct a.user_id)
        from applications a
        join packages p on p.id = a.package_id
        where a.currency = 'EUR' and p.bank_id = banks.id and a.status in ('pending', 'approved')
      )`.as("savers"),
    ])
    .orderBy("banks.name")
    .execute();
}
