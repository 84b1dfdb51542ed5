import type { AdminUsersFilter } from "@festgeld/domain";
import type { Kysely, SelectQueryBuilder } from "kysely";
import { sql } from "kysely";
import type { DB } from "../../db/schema.ts";

/** `term` as a LIKE pattern matching it anywhere, with LIKE's own wildcards taken literally. */
export function containsPattern(term: string) {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

type UserFilter = Pick<AdminUsersFilter, "role" | "kyc_status" | "search">;

function filtered<O>(query: SelectQueryBuilder<DB, "users", O>, filter: UserFilter) {
  let q = query;
  if (filter.role) q = q.where("role", "=", filter.role);
  if (filter.kyc_status) q = q.where("kyc_status", "=", filter.kyc_status);
  if (filter.search) {
    // lower(email) matches the trigram index where pg_trgm is available (migration 0043).
    q = q.where(sql<boolean>`lower(email) like ${containsPattern(filter.search)} escape '\\'`);
  }
  return q;
}

/** One page of users, newest first; the id breaks ties so pages never overlap or skip. */
export function listUsers(db: Kysely<DB>, filter: UserFilter, page: { limit: number; offset: number }) {
  return filtered(
    db.selectFrom("users").select(["id", "email", "full_name", "role", "kyc_status", "created_at"]),
    filter,
  )
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countUsers(db: Kysely<DB>, filter: UserFilter): Promise<number> {
  const { count } = await filtered(
    db.selectFrom("users").select((eb) => eb.fn.countAll<number>().as("count")),
    filter,
  ).executeTakeFirstOrThrow();
  return Number(count);
}
