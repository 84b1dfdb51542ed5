import type { Kysely, Transaction } from "kysely";
import { sumCents } from "../../db/aggregates.repository.ts";
import type { DB } from "../../db/schema.ts";

type Db = Kysely<DB> | Transaction<DB>;

/**
 * The interest credited in a calendar year (by value date), per saver and deposit, from the deposit
 * ledger's `interest_credited` entries: every figure of the statement is a sum of entries.
 */
export function interestCreditedInYear(db: Db, year: number, userId?: string) {
  let query = db
    .selectFrom("deposit_ledger as l")
    .innerJoin("deposits as d", "d.id", "l.deposit_id")
    // The partner bank whose receiving account holds the deposit (banks are data; the account is unique).
    .leftJoin("banks as b", "b.account_iban", "d.bank_iban")
    .select([
      "b.name as partner_bank_name",
      "b.country as partner_bank_country",
      "d.user_id",
      "d.id as deposit_id",
      "d.reference",
      "d.currency",
      "d.bank_name",
      "d.bank_iban",
      "d.bank_holder",
      sumCents("l.amount_cents").as("interest_cents"),
    ])
    .where("l.kind", "=", "interest_credited")
    .where("l.value_date", ">=", `${year}-01-01`)
    .where("l.value_date", "<=", `${year}-12-31`)
    .where("d.user_id", "is not", null)
    .groupBy([
      "d.user_id",
      "d.id",
      "d.reference",
      "d.currency",
      "d.bank_name",
      "d.bank_iban",
      "d.bank_holder",
      "b.name",
      "b.country",
    ])
    .orderBy("d.user_id")
    .orderBy("d.reference");
  if (userId) query = query.where("d.user_id", "=", userId);
  return query.execute();
}

/** The tax residence the savers gave in their personal data (ISO 3166), where they gave one. */
export async function taxResidences(db: Db, userIds: readonly string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("kyc_profiles")
    .select(["user_id", "tax_residency"])
    .where("user_id", "in", userIds)
    .execute();
  return new Map(rows.map((r) => [r.user_id, r.tax_residency.toUpperCase()]));
}

/** Schedules a job once per key (the job queue's own insert). */
export { scheduleJob as scheduleJobOnce } from "../../db/job-queue.ts";
