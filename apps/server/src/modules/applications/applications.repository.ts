import type { ApplicationStatus, MaturityInstruction } from "@festgeld/domain";
import type { Insertable, Kysely, Selectable } from "kysely";
import { countRows } from "../../db/aggregates.repository.ts";
import type { DB } from "../../db/schema.ts";
import type { ApplicationsTable } from "../../db/tables/invest.ts";

export type ApplicationRow = Selectable<ApplicationsTable>;

/** Repositories take the database or a transaction (a Kysely Transaction is a Kysely). */
type Db = Kysely<DB>;

export function insertApplication(db: Db, values: Insertable<ApplicationsTable>) {
  return db.insertInto("applications").values(values).returningAll().executeTakeFirstOrThrow();
}

export function findApplicationById(db: Db, id: string) {
  return db.selectFrom("applications").selectAll().where("id", "=", id).executeTakeFirst();
}

/** One user's pending applications, oldest first, with what decides whether their details are complete. */
export function listPendingByUser(db: Db, userId: string) {
  return db
    .selectFrom("applications")
    .select(["id", "reference_iban", "maturity_instruction", "info_sheet_acknowledged_at"])
    .where("user_id", "=", userId)
    .where("status", "=", "pending")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** One user's applications, newest first (index applications_user_created_idx). */
export function listApplicationsByUser(db: Db, userId: string, page: { limit: number; offset: number }) {
  return db
    .selectFrom("applications")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** The user's applications that are rungs of these ladders, shortest term first. */
export function listApplicationsOfLadders(db: Db, userId: string, ladderIds: readonly string[]) {
  if (ladderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("applications")
    .selectAll()
    .where("user_id", "=", userId)
    .where("ladder_id", "in", ladderIds)
    .orderBy("duration_months")
    .execute();
}

export async function countApplicationsByUser(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom("applications")
    .select(countRows().as("count"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** All applications, optionally of one status, newest first: the back office's list. */
export function listApplications(
  db: Db,
  filter: { status?: ApplicationStatus | undefined },
  page: { limit: number; offset: number },
) {
  let query = db.selectFrom("applications").selectAll();
  if (filter.status) query = query.where("status", "=", filter.status);
  return query
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countApplications(db: Db, filter: { status?: ApplicationStatus | undefined }) {
  let query = db.selectFrom("applications").select(countRows().as("count"));
  if (filter.status) query = query.where("status", "=", filter.status);
  return Number((await query.executeTakeFirstOrThrow()).count);
}

/**
 * Records an admin's decision on a pending application. Returns undefined when the application is
 * unknown or no longer pending, so that two admins deciding at once cannot both succeed.
 */
export function decidePendingApplication(
  db: Db,
  id: string,
  decision: {
    status: "approved" | "rejected";
    decidedBy: string;
    adminNotes: string | null;
    rejectionReason?: string | null;
    at: Date;
  },
) {
  return db
    .updateTable("applications")
    .set({
      status: decision.status,
      decided_at: decision.at,
      decided_by: decision.decidedBy,
      admin_notes: decision.adminNotes,
      rejection_reason: decision.rejectionReason ?? null,
      updated_at: decision.at,
    })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .returningAll()
    .executeTakeFirst();
}

/** Marks an approved application of this user as withdrawn; undefined if it is not (any longer). */
/** Sets the details of the user's pending application; undefined when it is no longer pending. */
export function completePendingDetails(
  db: Db,
  id: string,
  userId: string,
  details: {
    reference_iban: string;
    maturity_instruction: MaturityInstruction;
    renew_min_rate: string | null;
    at: Date;
  },
) {
  return db
    .updateTable("applications")
    .set((eb) => ({
      reference_iban: details.reference_iban,
      maturity_instruction: details.maturity_instruction,
      renew_min_rate: details.renew_min_rate,
      info_sheet_acknowledged_at: eb.fn.coalesce("info_sheet_acknowledged_at", eb.val(details.at)),
      updated_at: details.at,
    }))
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .where("status", "=", "pending")
    .returningAll()
    .executeTakeFirst();
}

export function withdrawApprovedApplication(db: Db, id: string, userId: string, at: Date) {
  return db
    .updateTable("applications")
    .set({ status: "withdrawn", withdrawn_at: at, updated_at: at })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .where("status", "=", "approved")
    .returningAll()
    .executeTakeFirst();
}
