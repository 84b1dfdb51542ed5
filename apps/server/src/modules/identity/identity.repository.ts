import { type Insertable, type Kysely, sql } from "kysely";
import { countRows } from "../../db/aggregates.repository.ts";
import type { DB } from "../../db/schema.ts";
import type { KycProfilesTable } from "../../db/tables/identity.ts";

type Db = Kysely<DB>;

/** The profile with its date of birth as text (YYYY-MM-DD), whatever the driver makes of a date. */
export function findProfile(db: Db, userId: string) {
  return db
    .selectFrom("kyc_profiles")
    .selectAll()
    .select(sql<string>`to_char(date_of_birth, 'YYYY-MM-DD')`.as("date_of_birth"))
    .where("user_id", "=", userId)
    .executeTakeFirst();
}
/** The postal addresses of some savers (those who gave their personal data). */
export function findAddresses(db: Db, userIds: readonly string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("kyc_profiles")
    .select(["user_id", "street", "postcode", "city", "country"])
    .where("user_id", "in", [...new Set(userIds)])
    .execute();
}
export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfile>>>;

export function upsertProfile(db: Db, values: Insertable<KycProfilesTable>) {
  const { user_id: _key, ...changes } = values;
  return db
    .insertInto("kyc_profiles")
    .values(values)
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ ...changes, updated_at: sql<Date>`now()` }))
    .execute();
}

export function insertProfileVersion(db: Db, userId: string, data: Record<string, unknown>) {
  return db
    .insertInto("kyc_profile_versions")
    .values({ user_id: userId, data: JSON.stringify(data) })
    .execute();
}

export function decideProfile(
  db: Db,
  userId: string,
  values: { review_status: "approved" | "rejected"; review_reason: string | null; reviewed_by: string },
) {
  return db
    .updateTable("kyc_profiles")
    .set({ ...values, reviewed_at: sql<Date>`now()` })
    .where("user_id", "=", userId)
    .where("review_status", "=", "pending")
    .returning("user_id")
    .executeTakeFirst();
}

export function findUser(db: Db, userId: string) {
  return db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirst();
}

export function hasVerifiedIdent(db: Db, userId: string) {
  return db
    .selectFrom("ident_verifications")
    .select("id")
    .where("user_id", "=", userId)
    .where("result", "=", "verified")
    .limit(1)
    .executeTakeFirst()
    .then(Boolean);
}

// ---- staff notes ----

export function insertNote(db: Db, userId: string, authorId: string, text: string) {
  return db
    .insertInto("staff_notes")
    .values({ user_id: userId, author_id: authorId, text })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function listNotes(db: Db, userId: string) {
  return db
    .selectFrom("staff_notes as n")
    .innerJoin("users as a", "a.id", "n.author_id")
    .select(["n.id", "n.text", "n.created_at", "a.id as author_id", "a.full_name as author_full_name"])
    .where("n.user_id", "=", userId)
    .orderBy("n.created_at", "desc")
    .execute();
}

// ---- dossier reads ----

export function listAllDocuments(db: Db, userId: string) {
  return db
    .selectFrom("kyc_documents")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("seq", "desc")
    .execute();
}

export function listIdentVerifications(db: Db, userId: string) {
  return db
    .selectFrom("ident_verifications")
    .selectAll()
    .select(sql<string | null>`to_char(date_of_birth, 'YYYY-MM-DD')`.as("date_of_birth"))
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .execute();
}

export function listApplications(db: Db, userId: string) {
  return db
    .selectFrom("applications")
    .select(["id", "status", "amount_cents", "currency", "duration_months", "interest_rate", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .execute();
}

// ---- ident providers ----

export function insertIdentSession(db: Db, userId: string, provider: string) {
  return db
    .insertInto("ident_sessions")
    .values({ user_id: userId, provider })
    .returning(["id", "provider"])
    .executeTakeFirstOrThrow();
}

export function findIdentSession(db: Db, id: string) {
  return db.selectFrom("ident_sessions").selectAll().where("id", "=", id).executeTakeFirst();
}

export function insertIdentVerification(
  db: Db,
  values: Insertable<DB["ident_verifications"]>,
): Promise<{ id: string } | undefined> {
  return db
    .insertInto("ident_verifications")
    .values(values)
    .onConflict((oc) => oc.columns(["provider", "provider_reference"]).doNothing())
    .returning("id")
    .executeTakeFirst();
}

// ---- data rights ----

/** Applications that still run: pending, or approved and not withdrawn. */
/**
 * Applications of the saver that have not ended: pending ones, and approved ones whose money is still
 * expected, held or not yet paid out (a deposit awaiting funds, active or matured; an approval from
 * before deposits existed counts as running). Paid-out, lapsed, withdrawn and early-closed deposits have
 * ended; a renewed one lives on in its successor.
 */
export async function countActiveApplications(db: Db, userId: string) {
  const row = await db
    .selectFrom("applications as a")
    .select(countRows().as("n"))
    .where("a.user_id", "=", userId)
    .where((eb) =>
      eb.or([
        eb("a.status", "=", "pending"),
        eb.and([
          eb("a.status", "=", "approved"),
          eb.or([
            eb.not(
              eb.exists(
                eb.selectFrom("deposits as d").select("d.id").whereRef("d.application_id", "=", "a.id"),
              ),
            ),
            eb.exists(
              eb
                .selectFrom("deposits as d")
                .select("d.id")
                .whereRef("d.application_id", "=", "a.id")
                .where("d.status", "in", ["awaiting_funds", "active", "matured"]),
            ),
          ]),
        ]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function listPendingErasures(db: Db) {
  return db
    .selectFrom("users")
    .select(["id", "full_name", "closed_at", "erase_after"])
    .where("erase_after", "is not", null)
    .orderBy("erase_after")
    .execute();
}

/**
 * The verified account holder's name of each saver: the name the latest verified ident gave, else the
 * account name the documents were checked against (both are screened: docs/decisions.md "The payee is
 * the verified person").
 */
export async function verifiedHolderNames(db: Db, userIds: readonly string[]) {
  if (userIds.length === 0) return new Map<string, string>();
  const rows = await db
    .selectFrom("users as u")
    .select((eb) => [
      "u.id",
      "u.full_name",
      eb
        .selectFrom("ident_verifications as v")
        .select(sql<string>`trim(concat_ws(' ', v.first_name, v.last_name))`.as("name"))
        .whereRef("v.user_id", "=", "u.id")
        .where("v.result", "=", "verified")
        .orderBy("v.created_at", "desc")
        .limit(1)
        .as("ident_name"),
    ])
    .where("u.id", "in", [...new Set(userIds)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.ident_name || r.full_name]));
}
