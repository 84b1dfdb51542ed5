import type { AdminUsersFilter } from "@festgeld/domain";
import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { DB } from "../../db/schema.ts";

/** `term` as a LIKE pattern matching it anywhere, with LIKE's own wildcards taken literally. */
export function containsPattern(term: string) {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

type UserFilter = Pick<AdminUsersFilter, "role" | "kyc_status" | "search">;

/**
 * One page of users without a search, newest first; the id breaks ties so pages never overlap or
 * skip. The page is a walk of the (created_at, id) index (or the role's or KYC status's) and the other
 * columns are read for its rows only.
 */
export function listUsers(
  db: Kysely<DB>,
  filter: Pick<UserFilter, "role" | "kyc_status">,
  page: { limit: number; offset: number },
) {
  let chosen = db.selectFrom("users").select(["id", "created_at"]);
  if (filter.role) chosen = chosen.where("role", "=", filter.role);
  if (filter.kyc_status) chosen = chosen.where("kyc_status", "=", filter.kyc_status);
  const paged = chosen
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(page.limit)
    .offset(page.offset)
    .as("page");
  return db
    .selectFrom(paged)
    .innerJoin("users as u", "u.id", "page.id")
    .select(["u.id", "u.email", "u.full_name", "u.role", "u.kyc_status", "u.created_at"])
    .orderBy("page.created_at", "desc")
    .orderBy("page.id", "desc")
    .execute();
}

/**
 * A page of an e-mail search and the number of matches, counted up to `bound`, in one statement: the
 * matches are found once, in the list's order and no further than one past the bound, numbered, and
 * both the page and the count are taken from them. A broad term walks an index that carries the
 * address (migration 0113) in the list's order and stops after bound + 1 matches, however many
 * accounts there are; a rare one uses the trigram index (0043) and sorts its few matches
 * (bench/backoffice-capacity.ts, docs/decisions.md "A broad search counts up to a bound").
 */
export async function searchUsersPage(
  db: Kysely<DB>,
  filter: UserFilter & { search: string },
  page: { limit: number; offset: number },
  bound: number,
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
      select id, row_number() over (order by created_at desc, id desc) as n
      from (
        select id, created_at from users where ${sql.join(conditions, sql` and `)}
        order by created_at desc, id desc
        limit ${bound + 1}
      ) first_matches
    )
    select u.id, u.email, u.full_name, u.role, u.kyc_status, u.created_at, totals.total
    from (select count(*) as total from matched) totals
    left join (
      matched chosen join users u on u.id = chosen.id
    ) on chosen.n > ${page.offset} and chosen.n <= ${Math.min(page.offset + page.limit, bound)}
    order by chosen.n
  `.execute(db);
  const counted = Number(result.rows[0]?.total ?? 0);
  // A page beyond the last match (or the bound) still answers one row, carrying only the count.
  const rows = result.rows.filter((row): row is typeof row & { id: string } => row.id !== null);
  return { rows, total: Math.min(counted, bound), capped: counted > bound };
}

/**
 * How many accounts match a role and KYC status filter (a search counts with its page,
 * searchUsersPage): a sum over the running totals per role and KYC status (migration 0111), exact and
 * independent of the number of accounts.
 */
export async function countUsers(db: Kysely<DB>, filter: Pick<UserFilter, "role" | "kyc_status">) {
  let query = db.selectFrom("user_totals").select(sql<string>`coalesce(sum(users), 0)`.as("count"));
  if (filter.role) query = query.where("role", "=", filter.role);
  if (filter.kyc_status) query = query.where("kyc_status", "=", filter.kyc_status);
  const { count } = await query.executeTakeFirstOrThrow();
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

/** Applications per status, from the running totals the database keeps (migration 0045). */
export async function applicationTotals(db: Kysely<DB>) {
  const result = await sql<{ status: string; count: number }>`
    select status, sum(applications) as count
    from application_status_totals
    group by status
  `.execute(db);
  return result.rows.map((row) => ({ status: row.status, count: Number(row.count) }));
}

/**
 * New customer accounts and new investments (deposits whose money was received, as the overview's
 * invested total counts them) per calendar month (in `timeZone`) for the last 12 months including
 * the current one, oldest first; months without activity count zero. Accounts are sums of the
 * hourly running totals (migration 0111): exact for a zone whose months begin on a whole UTC hour,
 * as the business time zone's do (admin.test.ts checks); investments count the deposits' ledger by
 * value date, like the overview's figures.
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
    , funded as (
      -- Money received: a deposit's principal booked from a credit, by its value date (a business
      -- date); a renewal books principal that never left, so it is not new money.
      select date_trunc('month', l.value_date::timestamp) as month_start, count(*) as deposits
      from deposit_ledger l
      where l.kind = 'principal_received' and l.source <> 'renewal'
        and l.value_date >= (select min(month_start) from months)::date
      group by 1
    )
    select
      to_char(m.month_start, 'YYYY-MM') as month,
      (select coalesce(sum(s.users), 0) from user_signup_hours s
        where s.hour >= m.from_ts and s.hour < m.to_ts) as users,
      coalesce(f.deposits, 0) as investments
    from months m
    left join funded f on f.month_start = m.month_start
    order by m.month_start
  `.execute(db);
  return result.rows.map((row) => ({
    month: row.month,
    users: Number(row.users),
    investments: Number(row.investments),
  }));
}
