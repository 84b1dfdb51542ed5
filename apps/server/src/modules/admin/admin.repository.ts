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
    // Addresses are stored lower-cased, so a lower-cased pattern makes the search case-insensitive
    // and the trigram index (migration 0043) serves it.
    q = q.where(sql<boolean>`email like ${containsPattern(filter.search)} escape '\\'`);
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

/* ---------------------------------------------------------------------------------- analytics */
// Every figure is one aggregate query; no rows are loaded into the server. Counts over users and
// months are range counts on indexes (migrations 0043, 0044); the per-status figures and the active
// investors come from running totals the database keeps (0045). bench/backoffice-capacity.ts
// measures them.

export async function customerCounts(db: Kysely<DB>) {
  const result = await sql<{ total: number; pending_kyc: number }>`
    select
      (select count(*) from users where role = 'user') as total,
      (select count(*) from users where role = 'user' and kyc_status = 'pending') as pending_kyc
  `.execute(db);
  const row = result.rows[0];
  return { total: Number(row?.total ?? 0), pendingKyc: Number(row?.pending_kyc ?? 0) };
}

/**
 * Applications and principal per status, from the running totals the database keeps
 * (migration 0045), exact decimal strings.
 */
export async function applicationTotals(db: Kysely<DB>) {
  const result = await sql<{ status: string; count: number; amount: string | null }>`
    select status, sum(applications) as count, sum(amount)::text as amount
    from application_status_totals
    group by status
  `.execute(db);
  return result.rows.map((row) => ({ status: row.status, count: Number(row.count), amount: row.amount }));
}

/** Accounts with at least one approved application (running counts, migration 0045). */
export async function activeInvestorCount(db: Kysely<DB>): Promise<number> {
  const result = await sql<{ count: number }>`
    select count(*) as count from investor_approved_applications where approved > 0
  `.execute(db);
  return Number(result.rows[0]?.count ?? 0);
}

/**
 * New customer accounts and new applications per calendar month (in `timeZone`) for the last 12
 * months including the current one, oldest first; months without activity count zero.
 */
export async function monthlyTrends(db: Kysely<DB>, timeZone: string) {
  const result = await sql<{ month: string; users: number; investments: number }>`
    with months as (
      -- An integer series, so the planner knows it is 12 rows (and does not plan for 1,000).
      select
        month_start,
        (month_start at time zone ${timeZone}) as from_ts,
        ((month_start + interval '1 month') at time zone ${timeZone}) as to_ts
      from (
        select date_trunc('month', now() at time zone ${timeZone}) - make_interval(months => 11 - i) as month_start
        from generate_series(0, 11) as i
      ) series
    )
    select
      to_char(m.month_start, 'YYYY-MM') as month,
      (select count(*) from users u
        where u.role = 'user' and u.created_at >= m.from_ts and u.created_at < m.to_ts) as users,
      (select count(*) from applications a
        where a.created_at >= m.from_ts and a.created_at < m.to_ts) as investments
    from months m
    order by m.month_start
  `.execute(db);
  return result.rows.map((row) => ({
    month: row.month,
    users: Number(row.users),
    investments: Number(row.investments),
  }));
}
