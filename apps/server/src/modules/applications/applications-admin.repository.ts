import type { ApplicationStatus } from "@festgeld/domain";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";

/**
 * The back office's list: applications (optionally of one status) newest first, each with the
 * account it was sent from, if any. The order matches applications_status_created_idx and
 * applications_created_idx, so a page is an index walk.
 */
export function listForAdmin(
  db: Kysely<DB>,
  filter: { status?: ApplicationStatus | undefined },
  page: { limit: number; offset: number },
) {
  let query = db
    .selectFrom("applications as a")
    .leftJoin("users as u", "u.id", "a.user_id")
    .selectAll("a")
    .select([
      "u.email as account_email",
      "u.full_name as account_full_name",
      "u.kyc_status as account_kyc_status",
    ]);
  if (filter.status) query = query.where("a.status", "=", filter.status);
  return query
    .orderBy("a.created_at", "desc")
    .orderBy("a.id", "desc")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** The account columns the back office shows beside an application. */
export function findAccount(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom("users")
    .select(["email as account_email", "full_name as account_full_name", "kyc_status as account_kyc_status"])
    .where("id", "=", userId)
    .executeTakeFirst();
}

/**
 * How many applications there are (of one status), from the running totals the database keeps
 * (migration 0045) instead of counting a million rows per page.
 */
export async function countForAdmin(db: Kysely<DB>, filter: { status?: ApplicationStatus | undefined }) {
  let query = db
    .selectFrom("application_status_totals")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("applications"), eb.lit(0)).as("count"));
  if (filter.status) query = query.where("status", "=", filter.status);
  const { count } = await query.executeTakeFirstOrThrow();
  return Number(count);
}
