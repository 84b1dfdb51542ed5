import type {
  AdminApplication,
  ApplicationDecision,
  ApplicationStatus,
  KycStatus,
  User,
} from "@festgeld/domain";
import {
  BUSINESS_TIME_ZONE,
  currencyFromDb,
  LIMITS,
  moneyFromDb,
  moneyToJsonCents,
  moneyToJsonNumber,
  withdrawalDeadline,
} from "@festgeld/domain";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import type { PartnerBankAccount } from "../../plugins/deposit-settings.ts";
import type { EventBus } from "../../plugins/events.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { assertEmailVerified } from "../auth/account-security.service.ts";
import { createDepositOnApproval, depositsByApplication } from "../deposits/deposits.service.ts";
import { assertMayBeApproved, assertVerifiedHolder } from "../identity/identity.service.ts";
import type { TransferFacts } from "../messages/message-events.ts";
import type { Messenger } from "../messages/messages.service.ts";
import { banksOfPackages } from "../packages/packages.service.ts";
import { missingDetails, toApplication } from "./application.mapper.ts";
import * as repo from "./applications.repository.ts";
import { depositsAndBanksOf } from "./applications.service.ts";
import * as adminRepo from "./applications-admin.repository.ts";

type AccountColumns = {
  account_email: string | null;
  account_full_name: string | null;
  account_kyc_status: KycStatus | null;
};

function toAdminApplication(
  row: repo.ApplicationRow,
  account: AccountColumns | null,
  deposits: Parameters<typeof toApplication>[1],
  bank: Parameters<typeof toApplication>[2],
): AdminApplication {
  return {
    ...toApplication(row, deposits, bank),
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
  const { deposits, banks } = await depositsAndBanksOf(db, rows);
  return {
    items: rows.map((row) => toAdminApplication(row, row, deposits.get(row.id), banks.get(row.package_id))),
    total,
  };
}

/**
 * An admin approves or rejects a pending application.
 * Approval needs the saver's verified identity (409 kyc_not_approved; an application sent signed out
 * has none until it is linked to an account) and creates the deposit awaiting funds; a rejection
 * needs a reason the saver reads. The update only matches a pending row, so when two admins decide at
 * once the database lets exactly one through; the other finds nothing pending and gets 409. Decision,
 * deposit and audit entry commit together.
 */
export async function decideApplication(
  db: Kysely<DB>,
  admin: User,
  id: string,
  input: {
    decision: ApplicationDecision;
    admin_notes?: string | undefined;
    rejection_reason?: string | undefined;
  },
  context: {
    now: Date;
    defaultBank: PartnerBankAccount;
    sanctionsListMaxAgeDays: number;
    events: EventBus;
    messages?: Messenger | undefined;
  },
): Promise<AdminApplication> {
  const notes = input.admin_notes?.trim() ? input.admin_notes.trim() : null;
  const reason = input.rejection_reason?.trim() ? input.rejection_reason.trim() : null;
  const decided = await db.transaction().execute(async (trx) => {
    const existing = await repo.findApplicationById(trx, id);
    if (!existing) throw notFound("application_not_found", "This application does not exist");
    if (existing.status !== "pending") {
      throw conflict("application_already_decided", `This application has already been ${existing.status}`);
    }
    if (input.decision === "rejected" && !reason) {
      throw badRequest("rejection_reason_required", "A rejection needs a reason the saver can read", [
        { path: "body.rejection_reason", message: "Required to reject", code: "rejection_reason_required" },
      ]);
    }
    if (input.decision === "approved") {
      const account = existing.user_id ? await adminRepo.findAccount(trx, existing.user_id) : undefined;
      if (account?.account_kyc_status !== "approved") {
        throw conflict(
          "kyc_not_approved",
          existing.user_id
            ? "The saver's identity has not been verified; approve the KYC documents first"
            : "This application was sent signed out; it can be approved once it belongs to a verified account",
        );
      }
      const missing = missingDetails(existing);
      if (missing.length > 0) {
        throw conflict("application_incomplete", `The saver has not yet given: ${missing.join(", ")}`);
      }
      // Identity and AML gate: entered personal data confirmed, no open or confirmed sanctions match.
      if (existing.user_id) {
        await assertMayBeApproved(trx, existing.user_id, {
          maxAgeDays: context.sanctionsListMaxAgeDays,
          now: context.now,
        });
        // The payout names the verified holder: an application under another name is not approved.
        await assertVerifiedHolder(trx, existing.user_id, existing.full_name);
      }
      // Contracts and notices go to the account's address: it must be confirmed before money is taken.
      if (existing.user_id) await assertEmailVerified(trx, existing.user_id);
    }
    const row = await repo.decidePendingApplication(trx, id, {
      status: input.decision,
      decidedBy: admin.id,
      adminNotes: notes,
      rejectionReason: input.decision === "rejected" ? reason : null,
      at: context.now,
    });
    if (!row) {
      const current = await repo.findApplicationById(trx, id);
      throw conflict("application_already_decided", `This application has already been ${current?.status}`);
    }
    const transfer =
      row.status === "approved"
        ? await createDepositOnApproval(trx, row, {
            now: context.now,
            defaultBank: context.defaultBank,
            actorId: admin.id,
            events: context.events,
          })
        : null;
    await recordAudit(trx, admin, {
      action: "application.decided",
      targetType: "application",
      targetId: id,
      details: {
        decision: input.decision,
        admin_notes: notes,
        rejection_reason: row.rejection_reason,
        amount: moneyToJsonNumber(moneyFromDb(row.amount_cents, currencyFromDb(row.currency))),
        currency: row.currency.trim(),
        applicant_email: row.email,
      },
    });
    await tellApplicant(trx, row, context.messages, transfer);
    return row;
  });
  const account = decided.user_id ? await adminRepo.findAccount(db, decided.user_id) : undefined;
  const deposits = await depositsByApplication(db, [id]);
  const banks = await banksOfPackages(db, [decided.package_id]);
  return toAdminApplication(decided, account ?? null, deposits.get(id), banks.get(decided.package_id));
}

/** The decision reaches the applicant: in the inbox and by e-mail, or by e-mail only when sent signed out. */
async function tellApplicant(
  trx: Kysely<DB>,
  decided: repo.ApplicationRow,
  messages: Messenger | undefined,
  transfer: TransferFacts | null,
) {
  if (!messages || !decided.decided_at) return;
  const money = {
    application_id: decided.id,
    amount_cents: moneyToJsonCents(moneyFromDb(decided.amount_cents, currencyFromDb(decided.currency))),
    currency: decided.currency.trim(),
  };
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
            transfer,
          },
        }
      : { event: "application_rejected" as const, facts: { ...money, reason: decided.rejection_reason } };
  if (decided.user_id) {
    await messages.notify(trx, { userId: decided.user_id, key: `${event.event}:${decided.id}`, ...event });
  } else {
    await messages.notifyAddress(trx, { email: decided.email, language: decided.language, ...event });
  }
}
