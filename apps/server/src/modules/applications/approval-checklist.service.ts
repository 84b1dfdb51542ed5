import type { ApprovalChecklist, User } from "@festgeld/domain";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { isEmailVerified } from "../auth/account-security.service.ts";
import { getProfile } from "../identity/identity.service.ts";
import { documentState } from "../kyc/kyc.service.ts";
import { missingDetails } from "./application.mapper.ts";
import * as repo from "./applications.repository.ts";

type Step = ApprovalChecklist["steps"][number];

/**
 * What must still happen before the saver's applications can be approved, from the same facts the
 * approval checks (applications-admin.service.ts decide): the address confirmed (isEmailVerified),
 * the identity verified (the KYC overall status, and the documents still to provide by the rules
 * that derive it), the personal data confirmed by staff, and each pending application's details
 * (missingDetails). Sanctions screening is staff-only and never shown to the saver.
 */
export async function approvalChecklist(db: Kysely<DB>, user: User): Promise<ApprovalChecklist> {
  const [emailVerified, documents, { profile }, pending] = await Promise.all([
    isEmailVerified(db, user.id),
    documentState(db, user.id),
    getProfile(db, user),
    repo.listPendingByUser(db, user.id),
  ]);
  const incomplete = pending.filter((row) => missingDetails(row).length > 0).map((row) => row.id);
  const steps: Step[] = [
    { step: "confirm_email", state: emailVerified ? "done" : "to_do" },
    {
      step: "verify_identity",
      state:
        documents.overall === "approved" ? "done" : documents.toProvide.length > 0 ? "to_do" : "in_review",
    },
    {
      step: "personal_data",
      state:
        profile === null || profile.review_status === "rejected"
          ? "to_do"
          : profile.review_status === "approved"
            ? "done"
            : "in_review",
    },
    { step: "complete_details", state: incomplete.length > 0 ? "to_do" : "done" },
  ];
  return {
    steps,
    documents_to_provide: documents.toProvide,
    incomplete_applications: incomplete,
    ready: steps.every((s) => s.state !== "to_do"),
  };
}
