import type {
  AdminApplication,
  ApplicationDecision,
  ApplicationStatus,
  KycStatus,
  User,
} from "@festgeld/domain";
import { BUSINESS_TIME_ZONE, LIMITS, withdrawalDeadline } from "@festgeld/domain";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import { recordAudit } from "../audit/audit.service.ts";
import type { Messenger } from "../messages/messages.service.ts";
import { toApplication } from "./application.mapper.ts";
import * as repo from "./applications.repository.ts";
import * as adminRepo from "./applications-admin.repository.ts";

type AccountColumns = {
  account_email: string | null;
  account_full_name: string | null;
  account_kyc_status: KycStatus | null;
};

function toAdminApplication(row: repo.ApplicationRow, account: AccountColumns | null): AdminApplication {
  return {
    ...toApplication(row),
    admin_notes: row.admin_notes,
    decided_by: row.decided_by,
    account:
      row.user_id && account?.account_email
        ? {
            id: row.user_id,
            email: account.account_email,
            full_name: account.account_full_name ?? "",
            kycStatus: account.account_kyc_status ?? "not_started",
          }
        : null,
  };
}

/** One page of all applications for the back office, with the total matching the filter. */
export async function listApplications(
  db: Kysely<DB>,
  query: { limit: number; offset: number; status?: ApplicationStatus | undefined },
): Promise<{ items: AdminApplication[]; total: number }> {
  const filter = { status: query.status };
  const [rows, total] = await Promise.all([
    adminRepo.listForAdmin(db, filter, { limit: query.limit, offset: query.offset }),
    adminRepo.countForAdmin(db, filter),
  ]);
  return { items: rows.map((row) => toAdminApplication(row, row)), total };
}

/**
 * An admin approves or rejects a pending application (DESIGN.md section 4 point 4). The update only
 * matches a pending row, so when two admins decide at once the database lets exactly one through;
 * the other finds nothing pending and gets 409. Decision and audit entry commit together.
 */
export async function decideApplication(
  db: Kysely<DB>,
  admin: User,
  id: string,
  input: { decision: ApplicationDecision; admin_notes?: string | undefined },
  messages?: Messenger,
): Promise<AdminApplication> {
  const notes = input.admin_notes?.trim() ? input.admin_notes.trim() : null;
  return db.transaction().execute(async (trx) => {
    const decided = await repo.decidePendingApplication(trx, id, {
      status: input.decision,
      decidedBy: admin.id,
      adminNotes: notes,
      at: new Date(),
    });
    if (!decided) {
      const existing = await repo.findApplicationById(trx, id);
      if (!existing) throw notFound("application_not_found", "This application does not exist");
      throw conflict("application_already_decided", `This application has already been ${existing.status}`);
    }
    await recordAudit(trx, admin, {
      action: "application.decided",
      targetType: "application",
      targetId: id,
      details: {
        decision: input.decision,
        admin_notes: notes,
        amount: Number(decided.amount),
        currency: decided.currency.trim(),
        applicant_email: decided.email,
      },
    });
    await tellApplicant(trx, decided, messages);
    const account = decided.user_id ? await adminRepo.findAccount(trx, decided.user_id) : undefined;
    return toAdminApplication(decided, account ?? null);
  });
}

/** The decision reaches the applicant: in the inbox and by e-mail, or by e-mail only when sent signed out. */
async function tellApplicant(trx: Kysely<DB>, decided: repo.ApplicationRow, messages: Messenger | undefined) {
  if (!messages || !decided.decided_at) return;
  const money = { application_id: decided.id, amount: decided.amount, currency: decided.currency.trim() };
  const event =
    decided.status === "approved"
      ? {
          event: "application_approved" as const,
          facts: {
            ...money,
            rate: decided.interest_rate,
            term_months: decided.duration_months,
            approved_at: decided.decided_at.toISOString(),
            withdrawal_deadline: withdrawalDeadline(
              decided.decided_at,
              LIMITS.withdrawalDays,
              BUSINESS_TIME_ZONE,
            ).toISOString(),
            transfer: null,
          },
        }
      : { event: "application_rejected" as const, facts: { ...money, reason: null } };
  if (decided.user_id) {
    await messages.notify(trx, { userId: decided.user_id, key: `${event.event}:${decided.id}`, ...event });
  } else {
    await messages.notifyAddress(trx, { email: decided.email, language: decided.language, ...event });
  }
}
