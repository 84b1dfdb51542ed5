import type { AdminUsersFilter, User } from "@festgeld/domain";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { toUser } from "../auth/user.mapper.ts";
import * as repo from "./admin.repository.ts";

/** One page of users for the back office, with the total matching the filters. Admin only (route). */
export async function listUsers(
  db: Kysely<DB>,
  query: AdminUsersFilter,
): Promise<{ items: User[]; total: number }> {
  const filter = { role: query.role, kyc_status: query.kyc_status, search: query.search || undefined };
  const [rows, total] = await Promise.all([
    repo.listUsers(db, filter, { limit: query.limit, offset: query.offset }),
    repo.countUsers(db, filter),
  ]);
  return { items: rows.map(toUser), total };
}
