import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  KYC_DOCUMENT_TYPES,
  type KycAdminDocument,
  type KycContentType,
  type KycDecisionRequest,
  type KycDocument,
  type KycDocumentStatus,
  type KycDocumentType,
  type KycNewUploadReason,
  type KycReviewEntry,
  type KycReviewQueueQuery,
  type KycStatus,
  type KycStatusResponse,
  type KycUploadResponse,
  kycDecisionRequestSchema,
  kycReviewQueueQuerySchema,
  type User,
} from "@festgeld/domain";
import type { Kysely, Selectable } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { KycDocumentsTable } from "../../db/tables/kyc.ts";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors.ts";
import type { DocumentStorage } from "../../storage/document-store.ts";
import { recordAudit } from "../audit/audit.service.ts";
import type { Messenger } from "../messages/messages.service.ts";
import * as repo from "./kyc.repository.ts";
import { cleanFileName, UploadInspector } from "./kyc-file-inspector.ts";

type DocumentRow = Selectable<KycDocumentsTable>;

export interface KycDeps {
  db: Kysely<DB>;
  storage: DocumentStorage;
}

// ---- the overall status ----

export type DocumentStatuses = Record<KycDocumentType, KycDocumentStatus>;

/** What besides the documents counts towards the overall status. */
export interface IdentityFacts {
  /** A provider (video-ident, eID) reported a verified identification: it stands for ID and selfie. */
  identVerified?: boolean;
  /** The review status of the personal data, when the saver entered it. */
  profileStatus?: "pending" | "approved" | "rejected" | null;
}

/**
 * approved when the identity document (both sides of the ID card, or the passport; or a verified
 * ident-provider result, which also stands for the selfie) and utility bill and selfie are approved
 * and the personal data, if entered, is confirmed; else pending if anything is pending; else
 * rejected if anything is rejected; else not_started.
 */
export function overallStatus(s: DocumentStatuses, facts: IdentityFacts = {}): KycStatus {
  const idCard = s.id_card === "approved" && s.id_card_back === "approved";
  const identity = idCard || s.passport === "approved" || facts.identVerified === true;
  const selfie = s.selfie === "approved" || facts.identVerified === true;
  const profile = facts.profileStatus ?? "approved";
  if (identity && s.utility_bill === "approved" && selfie && profile === "approved") return "approved";
  const all = [...KYC_DOCUMENT_TYPES.map((type) => s[type]), facts.profileStatus];
  if (all.includes("pending")) return "pending";
  if (all.includes("rejected")) return "rejected";
  return "not_started";
}

/**
 * The document groups still to be uploaded, or uploaded again after a rejection, for the overall
 * status to become approved: what the saver must do before a review can finish. The same rules as
 * overallStatus (a verified ident-provider result stands for the identity document and the selfie).
 */
export function documentsToProvide(
  s: DocumentStatuses,
  facts: IdentityFacts = {},
): Array<"identity" | "utility_bill" | "selfie"> {
  const given = (status: KycDocumentStatus) => status === "pending" || status === "approved";
  const identity =
    facts.identVerified === true || (given(s.id_card) && given(s.id_card_back)) || given(s.passport);
  const missing: Array<"identity" | "utility_bill" | "selfie"> = [];
  if (!identity) missing.push("identity");
  if (!given(s.utility_bill)) missing.push("utility_bill");
  if (!(facts.identVerified === true || given(s.selfie))) missing.push("selfie");
  return missing;
}

/** The user's overall status and the documents they must still provide (for the approval checklist). */
export async function documentState(db: Kysely<DB>, userId: string) {
  const rows = await repo.currentDocuments(db, userId);
  const facts = await identityFacts(db, userId);
  const statuses = statusesOf(rows);
  return { overall: overallStatus(statuses, facts), toProvide: documentsToProvide(statuses, facts) };
}

function statusesOf(rows: DocumentRow[]): DocumentStatuses {
  const statuses = Object.fromEntries(KYC_DOCUMENT_TYPES.map((t) => [t, "not_uploaded"])) as DocumentStatuses;
  for (const row of rows) statuses[row.document_type] = row.status;
  return statuses;
}

const identityFacts = (db: Kysely<DB>, userId: string): Promise<IdentityFacts> =>
  repo.identityFacts(db, userId);

/**
 * Locks the user's row for a change the KYC status depends on (documents, personal data, ident), so
 * that status recomputations of one user run one after another.
 */
export function lockUser(db: Kysely<DB>, userId: string) {
  return repo.lockUser(db, userId);
}

/**
 * Re-derives users.kyc_status from the current documents; call inside the transaction that changed them
 * (which holds the user's lock). When the status becomes approved and a messenger is given, the saver
 * is told that the identity is verified: once per time it becomes verified, whichever path got there
 * (a document decision, staff confirming the personal data, an ident provider's result).
 */
export async function recomputeUserStatus(trx: Kysely<DB>, userId: string, messages?: Messenger) {
  const rows = await repo.currentDocuments(trx, userId);
  const overall = overallStatus(statusesOf(rows), await identityFacts(trx, userId));
  const result = await repo.setUserKycStatus(trx, userId, overall);
  const changed = result.some((r) => Number(r.numUpdatedRows) > 0);
  if (changed && overall === "approved" && messages) {
    const told = await repo.countIdentityVerifiedMessages(trx, userId);
    await messages.notify(trx, {
      userId,
      key: `identity_verified:${told + 1}`,
      event: "identity_verified",
      facts: {},
    });
  }
  return { rows, overall, changed };
}

// ---- mapping ----

/** English text of each new-upload reason, for API clients that read only rejection_reason. */
export const NEW_UPLOAD_REASON_TEXT: Record<KycNewUploadReason, string> = {
  blurry: "The image is blurry or hard to read. Please upload a sharper copy.",
  expired: "The document has expired. Please upload a valid document.",
  name_mismatch: "The name on the document does not match the name on your account.",
  too_old: "The document is older than 3 months. Please upload a recent one.",
  incomplete: "The document is incomplete: every page and all four corners must be visible.",
  other: "Please upload a new document.",
};

export function toDocument(row: DocumentRow): KycDocument {
  return {
    id: row.id,
    document_type: row.document_type,
    status: row.status,
    content_type: row.content_type,
    size_bytes: row.size_bytes,
    file_name: row.original_name,
    uploaded_at: row.created_at.toISOString(),
    reviewed_at: row.reviewed_at ? row.reviewed_at.toISOString() : null,
    rejection_reason:
      row.rejection_reason ?? (row.rejection_code ? NEW_UPLOAD_REASON_TEXT[row.rejection_code] : null),
    rejection_code: row.rejection_code,
    rejection_note: row.rejection_reason,
  };
}

function toAdminDocument(row: NonNullable<repo.AdminDocumentRow>): KycAdminDocument {
  return {
    ...toDocument(row),
    user_id: row.user_id,
    user_email: row.user_email,
    user_full_name: row.user_full_name,
    user_kyc_status: row.user_kyc_status,
    reviewed_by:
      row.reviewed_by && row.reviewer_full_name !== null
        ? { id: row.reviewed_by, full_name: row.reviewer_full_name }
        : null,
  };
}

function statusResponse(rows: DocumentRow[], overall: KycStatus): KycStatusResponse {
  const byType = new Map(rows.map((row) => [row.document_type, row]));
  const doc = (type: KycDocumentType) => {
    const row = byType.get(type);
    return row ? toDocument(row) : null;
  };
  const status = (type: KycDocumentType): KycDocumentStatus => byType.get(type)?.status ?? "not_uploaded";
  return {
    overall_status: overall,
    id_card_status: status("id_card"),
    id_card_back_status: status("id_card_back"),
    passport_status: status("passport"),
    utility_bill_status: status("utility_bill"),
    selfie_status: status("selfie"),
    id_card_document: doc("id_card"),
    id_card_back_document: doc("id_card_back"),
    passport_document: doc("passport"),
    utility_bill_document: doc("utility_bill"),
    selfie_document: doc("selfie"),
  };
}

// ---- the user's side ----

export async function getStatus(db: Kysely<DB>, user: User): Promise<KycStatusResponse> {
  const rows = await repo.currentDocuments(db, user.id);
  return statusResponse(rows, overallStatus(statusesOf(rows), await identityFacts(db, user.id)));
}

export function parseDocumentType(value: string): KycDocumentType {
  if (!(KYC_DOCUMENT_TYPES as readonly string[]).includes(value)) {
    throw badRequest(
      "kyc_invalid_document_type",
      `Unknown document type. Use one of: ${KYC_DOCUMENT_TYPES.join(", ")}`,
    );
  }
  return value as KycDocumentType;
}

const documentLocked = (status: string) =>
  conflict(
    "kyc_document_locked",
    status === "approved"
      ? "This document has already been approved and cannot be replaced"
      : "This document is being reviewed and cannot be replaced until the review is finished",
  );

/** One uploaded file as the multipart parser hands it over. */
export interface IncomingFile {
  fieldname: string;
  filename: string | undefined;
  stream: Readable;
  /** True once the parser cut the file at its size limit. */
  truncated: () => boolean;
}

/**
 * Stores a user's document: checks the type may be (re)placed, streams the file through the
 * inspector into encrypted storage, then inserts the row and updates the user's kycStatus in one
 * transaction. The row and the file exist together or not at all: a failed check, a lost race or a
 * failed transaction removes the stored file.
 */
export async function upload(
  deps: KycDeps,
  user: User,
  rawType: string,
  openFile: () => Promise<IncomingFile | null>,
): Promise<KycUploadResponse> {
  const documentType = parseDocumentType(rawType);

  // Cheap check before reading the body; repeated under the lock below, where it decides.
  const before = await repo.currentDocumentOfType(deps.db, user.id, documentType);
  if (before && before.status !== "rejected") throw documentLocked(before.status);

  const file = await openFile();
  if (file?.fieldname !== "file") {
    file?.stream.resume();
    throw badRequest("kyc_file_missing", "No file was sent. Choose a file and send it in the field 'file'");
  }

  const id = randomUUID();
  const storageKey = `kyc/${id}`;
  const inspector = new UploadInspector(documentType, file.truncated);
  let sourceError: Error | null = null;
  file.stream.once("error", (error: Error) => {
    sourceError = error;
  });
  try {
    await deps.storage.put(storageKey, pipelineSource(file.stream, inspector));
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The client's stream failed (cut off, malformed), possibly before we listened: a client error.
    if (sourceError || file.stream.errored) {
      throw badRequest("kyc_upload_interrupted", "The upload was interrupted. Please try again");
    }
    throw error;
  }

  try {
    const result = await deps.db.transaction().execute(async (trx) => {
      await repo.lockUser(trx, user.id);
      const current = await repo.currentDocumentOfType(trx, user.id, documentType);
      if (current && current.status !== "rejected") throw documentLocked(current.status);
      const row = await repo.insertDocument(trx, {
        id,
        user_id: user.id,
        document_type: documentType,
        storage_key: storageKey,
        content_type: inspector.contentType as KycContentType,
        size_bytes: inspector.bytes,
        sha256: inspector.sha256,
        original_name: cleanFileName(file.filename),
      });
      const { overall } = await recomputeUserStatus(trx, user.id);
      return { document: toDocument(row), overall_status: overall };
    });
    return result;
  } catch (error) {
    await deps.storage.delete(storageKey).catch(() => {});
    // Two uploads of one type at once: the unique index lets only one pending row exist.
    if ((error as { code?: string }).code === "23505") throw documentLocked("pending");
    throw error;
  }
}

/** The file stream piped through the inspector, as one readable for the storage. */
function pipelineSource(source: Readable, inspector: UploadInspector): Readable {
  pipeline(source, inspector).catch(() => {
    // The error reaches the storage through the inspector, which pipeline() destroys with it.
  });
  return inspector;
}

// ---- staff review ----

export async function listQueue(db: Kysely<DB>, query: KycReviewQueueQuery) {
  const q = kycReviewQueueQuerySchema.parse(query);
  const { items, total } = await repo.listAdminDocuments(db, {
    status: q.status,
    userId: q.user_id,
    limit: q.limit,
    offset: q.offset,
  });
  return { items: items.map(toAdminDocument), total };
}

const documentNotFound = () => notFound("kyc_document_not_found", "Document not found");

const EXTENSIONS: Record<KycContentType, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "application/pdf": "pdf",
};

/**
 * A document's decrypted file for staff. The view is written to the audit trail before a byte is
 * sent; if that write fails, nothing is sent.
 */
export async function openFileForReview(deps: KycDeps, admin: User, id: string, ip: string | null) {
  const row = await repo.findAdminDocument(deps.db, id);
  if (!row) throw documentNotFound();
  const stream = await deps.storage.get(row.storage_key);
  await deps.db.transaction().execute(async (trx) => {
    await repo.insertReview(trx, {
      document_id: row.id,
      actor_id: admin.id,
      action: "view_file",
      reason_code: null,
      reason: null,
      ip,
    });
    // Opening someone's identity document is an access to personal data: audited like a decision.
    await recordAudit(trx, admin, {
      action: "kyc.document_viewed",
      targetType: "kyc_document",
      targetId: row.id,
      details: { document_type: row.document_type, user_id: row.user_id },
    });
  });
  return {
    stream,
    contentType: row.content_type,
    size: row.size_bytes,
    // Made by the server: the uploaded name never reaches a header.
    fileName: `kyc-${row.document_type}-${row.id.slice(0, 8)}.${EXTENSIONS[row.content_type]}`,
  };
}

/**
 * Approve, reject, or ask for a new upload; only a pending document, only once, never one's own
 * (four eyes). The decision, its audit entry and the user's kycStatus change in one transaction.
 */
export async function decide(
  db: Kysely<DB>,
  admin: User,
  id: string,
  input: KycDecisionRequest,
  ip: string | null,
  messages?: Messenger,
): Promise<KycAdminDocument> {
  const decision = kycDecisionRequestSchema.parse(input);
  const owner = await repo.findDocumentOwner(db, id);
  if (!owner) throw documentNotFound();
  if (owner.user_id === admin.id) {
    throw new AppError(403, "kyc_review_own_document", "You cannot review your own documents");
  }
  await db.transaction().execute(async (trx) => {
    // Same lock order as uploads (user, then document), so the two never deadlock.
    await repo.lockUser(trx, owner.user_id);
    const doc = await repo.findDocumentForUpdate(trx, id);
    if (!doc) throw documentNotFound();
    if (doc.status !== "pending") {
      throw conflict("kyc_document_already_reviewed", "This document has already been reviewed");
    }
    const reviewed = { reviewed_by: admin.id, reviewed_at: new Date() };
    const reasonCode = decision.decision === "request_new_upload" ? decision.reason_code : null;
    const reason = decision.decision === "approve" ? null : (decision.reason ?? null);
    const updated = await repo.decideDocument(
      trx,
      id,
      decision.decision === "approve"
        ? { status: "approved", ...reviewed }
        : { status: "rejected", rejection_code: reasonCode, rejection_reason: reason, ...reviewed },
    );
    if (!updated) throw conflict("kyc_document_already_reviewed", "This document has already been reviewed");
    await repo.insertReview(trx, {
      document_id: id,
      actor_id: admin.id,
      action: decision.decision,
      reason_code: reasonCode,
      reason,
      ip,
    });
    // The platform-wide audit log of admin actions (one place for every kind of decision).
    await recordAudit(trx, admin, {
      action: "kyc.document_reviewed",
      targetType: "kyc_document",
      targetId: id,
      details: {
        decision: decision.decision,
        document_type: doc.document_type,
        user_id: owner.user_id,
        reason_code: reasonCode,
        reason,
      },
    });
    const type = doc.document_type;
    // A rejected document the identity does not need (the other identity document is accepted) asks
    // for no replacement: the saver is not told "upload another" beside "your identity is verified".
    const needed =
      decision.decision !== "reject" ||
      overallStatus(
        statusesOf(await repo.currentDocuments(trx, owner.user_id)),
        await identityFacts(trx, owner.user_id),
      ) !== "approved";
    await messages?.notify(
      trx,
      decision.decision === "approve"
        ? {
            userId: owner.user_id,
            key: `kyc_document:${id}`,
            event: "kyc_document_approved",
            facts: { document_type: type },
          }
        : decision.decision === "reject"
          ? {
              userId: owner.user_id,
              key: `kyc_document:${id}`,
              event: "kyc_document_rejected",
              facts: { document_type: type, reason, needed },
            }
          : {
              userId: owner.user_id,
              key: `kyc_document:${id}`,
              event: "kyc_document_new_upload",
              facts: { document_type: type, reason_code: reasonCode, reason },
            },
    );
    // The decision first, then, if this decision completed it, the verified identity.
    await recomputeUserStatus(trx, owner.user_id, messages);
  });
  const row = await repo.findAdminDocument(db, id);
  if (!row) throw documentNotFound();
  return toAdminDocument(row);
}

const toReviewEntry = (r: repo.ReviewRow): KycReviewEntry => ({
  id: r.id,
  action: r.action,
  actor: { id: r.actor_id, full_name: r.actor_full_name },
  reason_code: r.reason_code,
  reason: r.reason,
  created_at: r.created_at.toISOString(),
});

export async function history(db: Kysely<DB>, id: string): Promise<KycReviewEntry[]> {
  const owner = await repo.findDocumentOwner(db, id);
  if (!owner) throw documentNotFound();
  const rows = await repo.listReviews(db, id);
  return rows.map(toReviewEntry);
}

/** Every review of a saver's documents, newest first, each naming its document (the staff dossier's). */
export async function reviewsOfUser(db: Kysely<DB>, userId: string) {
  const rows = await repo.listReviewsOfUser(db, userId);
  return rows.map((r) => ({ ...toReviewEntry(r), document_id: r.document_id }));
}
