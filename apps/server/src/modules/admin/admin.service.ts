import {
  ADMIN_SEARCH_COUNT_BOUND,
  type AdminUsersFilter,
  type Analytics,
  BOOKS_CURRENCY,
  BUSINESS_TIME_ZONE,
  moneyFromDb,
  moneyToJsonNumber,
  type User,
} from "@festgeld/domain";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { toUser } from "../auth/user.mapper.ts";
import { investedTotals } from "../deposits/deposits.service.ts";
import * as repo from "./admin.repository.ts";

/**
 * One page of users for the back office, with the total matching the filters; a search's total is
 * counted up to ADMIN_SEARCH_COUNT_BOUND (`capped` past it). Admin only (route).
 */
export async function listUsers(
  db: Kysely<DB>,
  query: AdminUsersFilter,
): Promise<{ items: User[]; total: number; capped: boolean }> {
  const filter = { role: query.role, kyc_status: query.kyc_status, search: query.search || undefined };
  const page = { limit: query.limit, offset: query.offset };
  // A search finds its matches once for both the page and the total; without one, the page is a walk
  // of the newest accounts and the total a sum of running totals (bench/backoffice-capacity.ts).
  if (filter.search) {
    const { rows, total, capped } = await repo.searchUsersPage(
      db,
      { ...filter, search: filter.search },
      page,
      ADMIN_SEARCH_COUNT_BOUND,
    );
    return { items: rows.map(toUser), total, capped };
  }
  const [rows, total] = await Promise.all([repo.listUsers(db, filter, page), repo.countUsers(db, filter)]);
  return { items: rows.map(toUser), total, capped: false };
}

/**
 * The back office's overview and monthly trends, all from aggregate SQL. Investment and investors
 * are money received and not paid out: sums of the deposits' ledger entries (an approval alone
 * counts nothing).
 */
export async function analytics(db: Kysely<DB>): Promise<Analytics> {
  const [customers, totals, invested, trends] = await Promise.all([
    repo.customerCounts(db),
    repo.applicationTotals(db),
    investedTotals(db),
    repo.monthlyTrends(db, BUSINESS_TIME_ZONE),
  ]);
  const byStatus = (status: string) => totals.find((t) => t.status === status);
  return {
    overview: {
      totalUsers: customers.total,
      activeInvestors: invested.investors,
      totalInvestmentAmount: moneyToJsonNumber(moneyFromDb(invested.principalCents, BOOKS_CURRENCY)),
      pendingKYC: customers.pendingKyc,
      pendingApplications: byStatus("pending")?.count ?? 0,
      approvedApplications: byStatus("approved")?.count ?? 0,
      rejectedApplications: byStatus("rejected")?.count ?? 0,
      withdrawnApplications: byStatus("withdrawn")?.count ?? 0,
    },
    monthlyTrends: trends,
  };
}
