import type { Insertable, Kysely, Transaction } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { RateAlertsTable } from "../../db/tables/tools.ts";

type Db = Kysely<DB> | Transaction<DB>;

export type RateAlertRow = Awaited<ReturnType<typeof listAlertsOfUser>>[number];

export function listAlertsOfUser(db: Db, userId: string) {
  return db
    .selectFrom("rate_alerts")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

/** The user's alerts, counted under a lock of the user's row so that two requests cannot pass the limit. */
export async function lockUserAndCountAlerts(trx: Transaction<DB>, userId: string): Promise<number> {
  await trx.selectFrom("users").select("id").where("id", "=", userId).forUpdate().execute();
  const row = await trx
    .selectFrom("rate_alerts")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function insertAlert(db: Db, values: Insertable<RateAlertsTable>) {
  return db.insertInto("rate_alerts").values(values).returningAll().executeTakeFirstOrThrow();
}

/** Deletes the alert if it is the user's; answers whether it was. */
export async function deleteAlertOfUser(db: Db, id: string, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom("rate_alerts")
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/**
 * The crossing from below: every armed alert of the term whose rate the best rate now reaches is
 * disarmed and returned (to be told once). Run in the transaction that changed the package.
 */
export function fireReachedAlerts(db: Db, termMonths: number, bestRate: string, at: Date) {
  return db
    .updateTable("rate_alerts")
    .set((eb) => ({ armed: false, fired_count: eb("fired_count", "+", 1), last_fired_at: at }))
    .where("term_months", "=", termMonths)
    .where("armed", "=", true)
    .where("rate", "<=", bestRate)
    .returningAll()
    .execute();
}

/** Alerts of the term the best rate is below again (or no package offers the term): armed for the next rise. */
export function rearmAlerts(db: Db, termMonths: number, bestRate: string | null) {
  let query = db
    .updateTable("rate_alerts")
    .set({ armed: true })
    .where("term_months", "=", termMonths)
    .where("armed", "=", false);
  if (bestRate !== null) query = query.where("rate", ">", bestRate);
  return query.execute();
}
