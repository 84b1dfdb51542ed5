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

/**
 * One page of users, newest first; the id breaks ties so pages never overlap or skip. The page is
 * chosen on (created_at, id) alone and the other columns are read for its rows only, so a deep page
 * of a broad search sorts narrow rows (bench/backoffice-capacity.ts).
 */
export function listUsers(db: Kysely<DB>, filter: UserFilter, page: { limit: number; offset: number }) {
  const chosen = filtered(db.selectFrom("users").select(["id", "created_at"]), filter)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(page.limit)
    .offset(page.offset)
    .as("page");
  return db
    .selectFrom(chosen)
    .innerJoin("users as u", "u.id", "page.id")
    .select(["u.id", "u.email", "u.full_name", "u.role", "u.kyc_status", "u.created_at"])
    .orderBy("page.created_at", "desc")
    .orderBy("page.id", "desc")
    .execute();
}

/**
 * A page of an e-mail search and the number of matches in one statement: the matches are found once
 * (trigram index) and both the page and the count are taken from them, instead of two queries that
 * each search (bench/backoffice-capacity.ts: a deep page of a broad search).
 */
export async function searchUsersPage(
  db: Kysely<DB>,
  filter: UserFilter & { search: string },
  page: { limit: number; offset: number },
) {
  const conditions = [sql`email like ${containsPattern(filter.search)} escape '\\'`];
  if (filter.role) conditions.push(sql`role = ${filter.role}`);
  if (filter.kyc_status) conditions.push(sql`kyc_status = ${filter.kyc_status}`);
  const result = await sql<{
    id: string | null;
    email: string;
    full_name: string;
    role: "user" | "admin";
    kyc_status: "not_started" | "pending" | "approved" | "rejected";
    created_at: Date;
    total: number;
  }>`
    with matched as materialized (
      select id, created_at from users where ${sql.join(conditions, sql` and `)}
    ), chosen as (
      select id, created_at from matched
      order by created_at desc, id desc
      limit ${page.limit} offset ${page.offset}
    )
    select u.id, u.email, u.full_name, u.role, u.kyc_status, u.created_at, totals.total
    from (select count(*) as total from matched) totals
    left join (chosen join users u on u.id = chosen.id) on true
    order by chosen.created_at desc, chosen.id desc
  `.execute(db);
  const total = Number(result.rows[0]?.total ?? 0);
  // A page beyond the last match still answers one row, carrying only the total.
  const rows = result.rows.filter((row): row is typeof row & { id: string } => row.id !== null);
  return { rows, total };
}

/**
 * How many accounts match. Without a search this is a sum over the running totals per role and KYC
 * status (migration 0111), exact and independent of the number of accounts; a search counts its
 * matches.
 */
export async function countUsers(db: Kysely<DB>, filter: UserFilter): Promise<number> {
  if (!filter.search) {
    let query = db.selectFrom("user_totals").select(sql<string>`coalesce(sum(users), 0)`.as("count"));
    if (filter.role) query = query.where("role", "=", filter.role);
    if (filter.kyc_status) query = query.where("kyc_status", "=", filter.kyc_status);
    const { count } = await query.executeTakeFirstOrThrow();
    return Number(count);
  }
  const { count } = await filtered(
    db.selectFrom("users").select((eb) => eb.fn.countAll<number>().as("count")),
    filter,
  ).executeTakeFirstOrThrow();
  return Number(count);
}

/* ---------------------------------------------------------------------------------- analytics */
// Every figure is one aggregate query; no rows are loaded into the server. Customers, pending KYC checks
// and the monthly trends come from running totals per role and KYC status and per hour (migration
// 0111), the per-status figures from those per application status (0045), so none of them reads a row
// per account or application; investment and investors from the deposits' ledger.
// bench/backoffice-capacity.ts measures them.

export async function customerCounts(db: Kysely<DB>) {
  const result = await sql<{ total: number; pending_kyc: number }>`
    select
      coalesce(sum(users), 0) as total,
      coalesce(sum(users) filter (where kyc_status = 'pending'), 0) as pending_kyc
    from user_totals
    where role = 'user'
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

/**
 * New customer accounts and new applications per calendar month (in `timeZone`) for the last 12
 * months including the current one, oldest first; months without activity count zero. The figures
 * are sums of the hourly running totals (migration 0111): exact for a zone whose months begin on a
 * whole UTC hour, as the business time zone's do (admin.test.ts checks).
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
      (select coalesce(sum(s.users), 0) from user_signup_hours s
        where s.hour >= m.from_ts and s.hour < m.to_ts) as users,
      (select coalesce(sum(a.applications), 0) from application_hours a
        where a.hour >= m.from_ts and a.hour < m.to_ts) as investments
    from months m
    order by m.month_start
  `.execute(db);
  return result.rows.map((row) => ({
    month: row.month,
    users: Number(row.users),
    investments: Number(row.investments),
  }));
}
