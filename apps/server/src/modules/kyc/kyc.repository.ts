import type { KycDocumentType, KycStatus } from "@festgeld/domain";
import { type Insertable, type Kysely, sql, type Updateable } from "kysely";
import { countRows } from "../../db/aggregates.repository.ts";
import type { DB } from "../../db/schema.ts";
import type { KycDocumentsTable, KycReviewsTable } from "../../db/tables/kyc.ts";

type Db = Kysely<DB>;

/**
 * What the KYC status needs of the identity records (the personal data's review, a verified
 * ident): read here, beside the documents, so that the identity module may depend on this one
 * and not the other way round (docs/decisions.md "Import rules checked by dependency-cruiser").
 */
export async function identityFacts(db: Db, userId: string) {
  const [profile, ident] = await Promise.all([
    db.selectFrom("kyc_profiles").select("review_status").where("user_id", "=", userId).executeTakeFirst(),
    db
      .selectFrom("ident_verifications")
      .select("id")
      .where("user_id", "=", userId)
      .where("result", "=", "verified")
      .limit(1)
      .executeTakeFirst(),
  ]);
  return { profileStatus: profile?.review_status ?? null, identVerified: Boolean(ident) };
}

/** How many times the saver was told that the identity is verified (each time keys its own message). */
export async function countIdentityVerifiedMessages(db: Db, userId: string): Promise<number> {
  const told = await db
    .selectFrom("message_events")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("user_id", "=", userId)
    .where("event_type", "=", "identity_verified")
    .executeTakeFirstOrThrow();
  return Number(told.n);
}

/** Serialises every change to one user's documents (uploads and decisions) and their kyc_status. */
export async function lockUser(db: Db, userId: string) {
  return db.selectFrom("users").select("id").where("id", "=", userId).forUpdate().executeTakeFirst();
}

/** The newest document of each type for a user: the current one (older rejected ones stay as record). */
export function currentDocuments(db: Db, userId: string) {
  return db
    .selectFrom("kyc_documents")
    .selectAll()
    .distinctOn("document_type")
    .where("user_id", "=", userId)
    .orderBy("document_type")
    .orderBy("seq", "desc")
    .execute();
}

export function currentDocumentOfType(db: Db, userId: string, type: KycDocumentType) {
  return db
    .selectFrom("kyc_documents")
    .selectAll()
    .where("user_id", "=", userId)
    .where("document_type", "=", type)
    .orderBy("seq", "desc")
    .limit(1)
    .executeTakeFirst();
}

export function insertDocument(db: Db, values: Insertable<KycDocumentsTable>) {
  return db.insertInto("kyc_documents").values(values).returningAll().executeTakeFirstOrThrow();
}

export function setUserKycStatus(db: Db, userId: string, status: KycStatus) {
  return db
    .updateTable("users")
    .set({ kyc_status: status, updated_at: sql<Date>`now()` })
    .where("id", "=", userId)
    .where("kyc_status", "<>", status)
    .execute();
}

function adminDocuments(db: Db) {
  return db
    .selectFrom("kyc_documents as d")
    .innerJoin("users as u", "u.id", "d.user_id")
    .leftJoin("users as r", "r.id", "d.reviewed_by")
    .selectAll("d")
    .select([
      "u.email as user_email",
      "u.full_name as user_full_name",
      "u.kyc_status as user_kyc_status",
      "r.full_name as reviewer_full_name",
    ]);
}

export type AdminDocumentRow = Awaited<ReturnType<typeof findAdminDocument>> & {};

export function findAdminDocument(db: Db, id: string) {
  return adminDocuments(db).where("d.id", "=", id).executeTakeFirst();
}

export interface QueueFilter {
  status: "pending" | "approved" | "rejected" | "all";
  userId?: string | undefined;
  limit: number;
  offset: number;
}

/** The review queue: oldest first, so nobody waits longest. */
export async function listAdminDocuments(db: Db, filter: QueueFilter) {
  let rows = adminDocuments(db);
  let count = db.selectFrom("kyc_documents as d").select(countRows().as("total"));
  if (filter.status !== "all") {
    rows = rows.where("d.status", "=", filter.status);
    count = count.where("d.status", "=", filter.status);
  }
  if (filter.userId) {
    rows = rows.where("d.user_id", "=", filter.userId);
    count = count.where("d.user_id", "=", filter.userId);
  }
  const [items, totals] = await Promise.all([
    rows.orderBy("d.created_at").orderBy("d.seq").limit(filter.limit).offset(filter.offset).execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(totals.total) };
}

export function findDocumentForUpdate(db: Db, id: string) {
  return db.selectFrom("kyc_documents").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
}

export function findDocumentOwner(db: Db, id: string) {
  return db.selectFrom("kyc_documents").select(["id", "user_id"]).where("id", "=", id).executeTakeFirst();
}

/** Records a decision only if the document is still pending; returns nothing when it was not. */
export function decideDocument(db: Db, id: string, values: Updateable<KycDocumentsTable>) {
  return db
    .updateTable("kyc_documents")
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .returningAll()
    .executeTakeFirst();
}

export function insertReview(db: Db, values: Insertable<KycReviewsTable>) {
  return db.insertInto("kyc_reviews").values(values).returning("id").executeTakeFirstOrThrow();
}

/** KYC reviews with the staff member who made each one. */
function reviewsWithActor(db: Db) {
  return db
    .selectFrom("kyc_reviews as k")
    .innerJoin("users as a", "a.id", "k.actor_id")
    .select([
      "k.id",
      "k.document_id",
      "k.action",
      "k.reason_code",
      "k.reason",
      "k.created_at",
      "a.id as actor_id",
      "a.full_name as actor_full_name",
    ]);
}

export type ReviewRow = Awaited<ReturnType<typeof listReviews>>[number];

/** The reviews of one document, oldest first. */
export function listReviews(db: Db, documentId: string) {
  return reviewsWithActor(db)
    .where("k.document_id", "=", documentId)
    .orderBy("k.created_at")
    .orderBy("k.id")
    .execute();
}

/** The reviews of all of a saver's documents, newest first. */
export function listReviewsOfUser(db: Db, userId: string) {
  return reviewsWithActor(db)
    .innerJoin("kyc_documents as d", "d.id", "k.document_id")
    .where("d.user_id", "=", userId)
    .orderBy("k.created_at", "desc")
    .execute();
}
