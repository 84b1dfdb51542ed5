import {
  ageOn,
  currencyFromDb,
  type Dossier,
  type KycProfile,
  type KycProfileRequest,
  kycProfileRequestSchema,
  MINIMUM_AGE,
  moneyFromDb,
  moneyToJsonNumber,
  normalizeTaxId,
  type ProfileDecisionRequest,
  profileDecisionRequestSchema,
  staffNoteRequestSchema,
  type User,
} from "@festgeld/domain";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { lockUser, recomputeUserStatus, reviewsOfUser, toDocument } from "../kyc/kyc.service.ts";
import type { Messenger } from "../messages/messages.service.ts";
import * as repo from "./identity.repository.ts";
import * as sanctions from "./sanctions.service.ts";
import { compareNames } from "./sanctions-matcher.ts";

type Db = Kysely<DB>;

export function toProfile(row: repo.ProfileRow): KycProfile {
  return {
    date_of_birth: row.date_of_birth,
    place_of_birth: row.place_of_birth,
    nationality: row.nationality,
    address: { street: row.street, postcode: row.postcode, city: row.city, country: row.country },
    tax_residency: row.tax_residency,
    tax_id: row.tax_id,
    is_pep: row.is_pep,
    pep_details: row.pep_details,
    review_status: row.review_status,
    review_reason: row.review_reason,
    reviewed_at: row.reviewed_at ? row.reviewed_at.toISOString() : null,
    updated_at: row.updated_at.toISOString(),
  };
}

export async function getProfile(db: Db, user: User) {
  const row = await repo.findProfile(db, user.id);
  return { profile: row ? toProfile(row) : null };
}

/**
 * The saver's postal address as the personal data hold it (for the structured address of a payment
 * to the saver); null until the saver has entered it.
 */
export async function postalAddressOf(
  db: Db,
  userId: string,
): Promise<{ street: string; postcode: string; city: string; country: string } | null> {
  const row = await repo.findProfile(db, userId);
  return row ? { street: row.street, postcode: row.postcode, city: row.city, country: row.country } : null;
}

/** The postal address of each of some savers who gave one (a batch of payment orders). */
export async function postalAddressesOf(
  db: Db,
  userIds: readonly string[],
): Promise<Map<string, { street: string; postcode: string; city: string; country: string }>> {
  const rows = await repo.findAddresses(db, userIds);
  return new Map(
    rows.map((r) => [
      r.user_id,
      { street: r.street, postcode: r.postcode, city: r.city, country: r.country },
    ]),
  );
}

/**
 * The name a payout to each saver names: the verified account holder (docs/decisions.md "The payee is
 * the verified person"); savers without an account are missing from the map.
 */
export async function verifiedHolderNames(db: Db, userIds: readonly string[]): Promise<Map<string, string>> {
  return repo.verifiedHolderNames(db, userIds);
}

/**
 * Throws 409 application_name_mismatch unless `name` (an application's) is the verified account
 * holder's, spelling variants aside (the screening's comparison): a payout names the verified holder,
 * so an application under another name would pay a person nobody verified or screened.
 */
export async function assertVerifiedHolder(db: Db, userId: string, name: string): Promise<void> {
  const holder = (await repo.verifiedHolderNames(db, [userId])).get(userId);
  if (holder && compareNames(name, holder) === null) {
    throw conflict(
      "application_name_mismatch",
      `The application's name "${name}" differs from the verified account holder "${holder}"`,
    );
  }
}

/** The fields a saver enters, as compared and stored (tax ID normalised). */
const ENTERED_FIELDS = [
  "date_of_birth",
  "place_of_birth",
  "nationality",
  "street",
  "postcode",
  "city",
  "country",
  "tax_residency",
  "tax_id",
  "is_pep",
  "pep_details",
] as const;

function comparable(p: Pick<repo.ProfileRow, (typeof ENTERED_FIELDS)[number]>) {
  return JSON.stringify(ENTERED_FIELDS.map((field) => p[field]));
}

/**
 * Stores the saver's personal data. Unchanged data changes nothing; any change (also after staff
 * confirmed it) sends it back to review and re-derives the KYC status in the same transaction. The
 * name and date of birth are then screened against the list in force.
 */
export async function putProfile(db: Db, user: User, input: KycProfileRequest, now: Date) {
  const body = kycProfileRequestSchema.parse(input);
  if (ageOn(body.date_of_birth, now.toISOString().slice(0, 10)) < MINIMUM_AGE) {
    throw badRequest("kyc_underage", `You must be ${MINIMUM_AGE} or older to open an account`, [
      { path: "date_of_birth", message: `${MINIMUM_AGE} or older`, code: "kyc_underage" },
    ]);
  }
  if (body.date_of_birth < "1900-01-01") {
    throw badRequest("invalid_date", "The date of birth is not plausible", [
      { path: "date_of_birth", message: "Not plausible", code: "invalid_date" },
    ]);
  }
  const values = {
    date_of_birth: body.date_of_birth,
    place_of_birth: body.place_of_birth,
    nationality: body.nationality,
    street: body.address.street,
    postcode: body.address.postcode,
    city: body.address.city,
    country: body.address.country,
    tax_residency: body.tax_residency,
    tax_id: normalizeTaxId(body.tax_id),
    is_pep: body.is_pep,
    pep_details: body.is_pep ? (body.pep_details ?? null) : null,
  };
  const changed = await db.transaction().execute(async (trx) => {
    await lockUser(trx, user.id);
    const before = await repo.findProfile(trx, user.id);
    if (before && comparable(before) === comparable(values)) return false;
    await repo.upsertProfile(trx, {
      user_id: user.id,
      ...values,
      review_status: "pending",
      review_reason: null,
      reviewed_by: null,
      reviewed_at: null,
    });
    await repo.insertProfileVersion(trx, user.id, values);
    await recomputeUserStatus(trx, user.id);
    return true;
  });
  if (changed) await sanctions.screenUser(db, user.id, "profile");
  return getProfile(db, user);
}

const userNotFound = () => notFound("user_not_found", "User not found");

/**
 * Staff confirm the personal data against the documents (the verification), or reject it with a
 * reason the saver reads. Confirming screens the saver again against the list in force.
 */
export async function decideProfile(
  db: Db,
  admin: User,
  userId: string,
  input: ProfileDecisionRequest,
  listAge: sanctions.ListAgePolicy,
  messages?: Messenger,
) {
  const decision = profileDecisionRequestSchema.parse(input);
  if (userId === admin.id) {
    throw new AppError(403, "kyc_review_own_document", "You cannot review your own identity");
  }
  const user = await repo.findUser(db, userId);
  if (!user) throw userNotFound();
  if (decision.decision === "approve") {
    // The identity is not confirmed while a possible sanctions match waits or was confirmed.
    const hits = await sanctions.hitCounts(db, userId);
    if (hits.confirmed > 0) {
      throw conflict("sanctions_hit_confirmed", "The saver matches an entry of the sanctions list");
    }
    if (hits.open > 0) {
      throw conflict("sanctions_review_open", "A possible sanctions list match waits for review");
    }
  }
  await db.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const profile = await repo.findProfile(trx, userId);
    if (!profile) throw conflict("kyc_profile_missing", "The saver has not entered personal data yet");
    const decided = await repo.decideProfile(trx, userId, {
      review_status: decision.decision === "approve" ? "approved" : "rejected",
      review_reason: decision.decision === "reject" ? decision.reason : null,
      reviewed_by: admin.id,
    });
    if (!decided) throw conflict("profile_already_decided", "The personal data has already been reviewed");
    await recordAudit(trx, admin, {
      action: "identity.profile_reviewed",
      targetType: "user",
      targetId: userId,
      details: {
        decision: decision.decision,
        reason: decision.decision === "reject" ? decision.reason : null,
      },
    });
    await recomputeUserStatus(trx, userId, messages);
  });
  if (decision.decision === "approve") await sanctions.screenUser(db, userId, "verification");
  return dossier(db, userId, listAge);
}

export async function addNote(db: Db, admin: User, userId: string, input: { text: string }) {
  const { text } = staffNoteRequestSchema.parse(input);
  if (!(await repo.findUser(db, userId))) throw userNotFound();
  const row = await db.transaction().execute(async (trx) => {
    const note = await repo.insertNote(trx, userId, admin.id, text);
    await recordAudit(trx, admin, {
      action: "identity.note_added",
      targetType: "user",
      targetId: userId,
      details: { note_id: note.id },
    });
    return note;
  });
  return {
    id: row.id,
    text: row.text,
    author: { id: admin.id, full_name: admin.full_name },
    created_at: row.created_at.toISOString(),
  };
}

/** Why a saver's applications may not be approved now, or null when they may. */
export async function approvalBlocker(
  db: Db,
  userId: string,
  listAge: sanctions.ListAgePolicy,
): Promise<AppError | null> {
  const user = await repo.findUser(db, userId);
  if (user?.kyc_status !== "approved") {
    return conflict("kyc_not_approved", "The saver's identity has not been verified (KYC not approved)");
  }
  // Identification under anti-money-laundering law needs the personal data, not only the documents:
  // a saver who verified with documents alone must enter it and have it confirmed first
  // (docs/decisions.md, "Approval gate").
  const profile = await repo.findProfile(db, userId);
  if (!profile) {
    return conflict("kyc_profile_missing", "The saver has not entered their personal data yet");
  }
  if (profile.review_status !== "approved") {
    return conflict("kyc_profile_not_approved", "The saver's personal data has not been confirmed by staff");
  }
  const hits = await sanctions.hitCounts(db, userId);
  if (hits.confirmed > 0) {
    return conflict("sanctions_hit_confirmed", "The saver matches an entry of the sanctions list");
  }
  if (hits.open > 0) {
    return conflict("sanctions_review_open", "A possible sanctions list match waits for review");
  }
  // A screening against a list loaded within the allowed age (docs/decisions.md, "Approval needs a
  // current list"); a saver the background run has not reached yet is screened here.
  if (!(await sanctions.screenedAgainstCurrentList(db, userId, listAge))) {
    return conflict(
      "sanctions_list_outdated",
      `No screening against a sanctions list dated within the last ${listAge.maxAgeDays} days: load the current EU list`,
    );
  }
  const after = await sanctions.hitCounts(db, userId);
  if (after.open > 0) {
    return conflict("sanctions_review_open", "A possible sanctions list match waits for review");
  }
  return null;
}

/**
 * Throws a 409 with a stable code unless the saver may have an application approved: identity
 * verified (KYC approved), personal data entered and confirmed, no confirmed and no open sanctions
 * hit. Called by every path that approves an application.
 */
export async function assertMayBeApproved(
  db: Db,
  userId: string,
  listAge: sanctions.ListAgePolicy,
): Promise<void> {
  const blocker = await approvalBlocker(db, userId, listAge);
  if (blocker) throw blocker;
}

export async function dossier(db: Db, userId: string, listAge: sanctions.ListAgePolicy): Promise<Dossier> {
  const user = await repo.findUser(db, userId);
  if (!user) throw userNotFound();
  const [profile, documents, decisions, idents, screenings, hits, applications, notes, blocker] =
    await Promise.all([
      repo.findProfile(db, userId),
      repo.listAllDocuments(db, userId),
      reviewsOfUser(db, userId),
      repo.listIdentVerifications(db, userId),
      sanctions.screenings(db, userId),
      sanctions.userHits(db, userId),
      repo.listApplications(db, userId),
      repo.listNotes(db, userId),
      approvalBlocker(db, userId, listAge),
    ]);
  return {
    user: {
      id: user.id,
      email: user.email,
      full_name: user.full_name,
      kyc_status: user.kyc_status,
      created_at: user.created_at.toISOString(),
      closed_at: user.closed_at ? user.closed_at.toISOString() : null,
    },
    profile: profile ? toProfile(profile) : null,
    documents: documents.map(toDocument),
    decisions,
    ident_verifications: idents.map((v) => ({
      id: v.id,
      provider: v.provider,
      method: v.method,
      provider_reference: v.provider_reference,
      result: v.result,
      first_name: v.first_name,
      last_name: v.last_name,
      date_of_birth: v.date_of_birth,
      name_matches_account:
        v.result !== "verified" ||
        compareNames([v.first_name, v.last_name].filter(Boolean).join(" "), user.full_name) !== null,
      created_at: v.created_at.toISOString(),
    })),
    screenings: screenings.map((s) => ({
      id: s.id,
      trigger: s.trigger,
      list_version: s.list_version,
      screened_name: s.screened_name,
      hits: s.hit_count,
      created_at: s.created_at.toISOString(),
    })),
    hits,
    applications: applications.map((a) => ({
      id: a.id,
      status: a.status,
      amount: moneyToJsonNumber(moneyFromDb(a.amount_cents, currencyFromDb(a.currency))),
      currency: a.currency.trim(),
      duration_months: a.duration_months,
      interest_rate: Number(a.interest_rate),
      created_at: a.created_at.toISOString(),
    })),
    notes: notes.map((n) => ({
      id: n.id,
      text: n.text,
      author: { id: n.author_id, full_name: n.author_full_name },
      created_at: n.created_at.toISOString(),
    })),
    may_be_approved: { ok: blocker === null, code: blocker?.code ?? null },
  };
}
