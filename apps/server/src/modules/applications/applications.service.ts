import {
  type Application,
  type ApplicationCreateRequest,
  type ApplicationDetailsRequest,
  BOOKS_CURRENCY,
  BUSINESS_TIME_ZONE,
  compare,
  currencyFromDb,
  type Language,
  LIMITS,
  type Money,
  moneyFromDb,
  moneyFromJsonNumber,
  moneyToDb,
  moneyToDecimalText,
  moneyToJsonCents,
  moneyToPlainText,
  type PaginationQuery,
  type User,
  withdrawalDeadline,
} from "@festgeld/domain";
import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../db/schema.ts";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors.ts";
import type { EventBus } from "../../plugins/events.ts";
import { bankOfPackage } from "../banks/banks.service.ts";
import { depositsByApplication, withdrawDepositsOfApplication } from "../deposits/deposits.service.ts";
import { INFO_SHEET_VERSION } from "../messages/info-sheet.ts";
import type { Messenger } from "../messages/messages.service.ts";
import { banksOfPackages, findPackage, isOffered } from "../packages/packages.service.ts";
import { nameSurvivesSepa } from "../payments/payments.service.ts";
import { toApplication } from "./application.mapper.ts";
import * as repo from "./applications.repository.ts";

/** The body after validation: IBAN normalised; the details may be missing (stored as pending). */
type CreateInput = Omit<ApplicationCreateRequest, "info_sheet_acknowledged"> & {
  info_sheet_acknowledged?: boolean | undefined;
};

/**
 * Sends an application: the package must exist and be offered, the
 * amount must lie within its limits; its rate, term and currency are stored with the application.
 * Signed in, the application is linked to the account.
 */
export async function createApplication(
  db: Kysely<DB>,
  input: CreateInput,
  context: { user: User | null; language: Language; now?: Date; messages?: Messenger },
): Promise<Application> {
  // The schema refuses this already; the service keeps the rule on its own too. Left out, the
  // acknowledgement is one of the missing details the saver gives on the dashboard.
  if (input.info_sheet_acknowledged === false) {
    throw badRequest(
      "info_sheet_not_acknowledged",
      "Please confirm that you have received the depositor information sheet",
    );
  }
  const pkg = await findPackage(db, input.package_id);
  if (!pkg) {
    throw badRequest("package_not_found", "This package does not exist", [
      { path: "body.package_id", message: "Unknown package", code: "package_not_found" },
    ]);
  }
  // A package of a paused bank is not offered either.
  if (!isOffered(pkg)) {
    throw badRequest("package_inactive", "This package is no longer offered", [
      { path: "body.package_id", message: "Package no longer offered", code: "package_inactive" },
    ]);
  }
  const currency = currencyFromDb(pkg.currency);
  const principal = moneyFromJsonNumber(input.amount, currency);
  const min = moneyFromDb(pkg.min_amount_cents, currency);
  const max = moneyFromDb(pkg.max_amount_cents, currency);
  if (principal === null) {
    throw badRequest("validation_failed", "The amount takes at most two decimal places");
  }
  if (compare(principal, min) < 0 || compare(principal, max) > 0) {
    const range = `${moneyToDecimalText(min)} to ${moneyToPlainText(max)}`;
    throw badRequest("package_amount_out_of_range", `The amount for this package must be ${range}`, [
      { path: "body.amount", message: `Must be ${range}`, code: "package_amount_out_of_range" },
    ]);
  }
  const now = context.now ?? new Date();
  const row = await db
    .transaction()
    .execute((trx) => recordApplication(trx, pkg, { ...input, principal }, { ...context, now }));
  return toApplication(row, undefined, {
    id: pkg.bank_id,
    slug: pkg.bank_slug,
    name: pkg.bank_name,
    country: pkg.bank_country.trim(),
    interest_payout: pkg.interest_payout,
  });
}

/** The deposits of a page of applications and the banks of their packages, read once for the page. */
export async function depositsAndBanksOf(
  db: Kysely<DB>,
  rows: ReadonlyArray<{ id: string; package_id: string }>,
) {
  const [deposits, banks] = await Promise.all([
    depositsByApplication(
      db,
      rows.map((r) => r.id),
    ),
    banksOfPackages(
      db,
      rows.map((r) => r.package_id),
    ),
  ]);
  return { deposits, banks };
}

/** A rung of a deposit ladder: the ladder it belongs to and the term its renewals run for. */
export interface LadderLink {
  ladderId: string;
  longestTermMonths: number;
}

/**
 * Stores an application that has passed the checks above (package offered, amount within its limits)
 * and tells the applicant, in the caller's transaction: the deposit ladder records its rungs with it.
 */
export async function recordApplication(
  trx: Transaction<DB>,
  pkg: NonNullable<Awaited<ReturnType<typeof findPackage>>>,
  input: Omit<CreateInput, "amount" | "package_id"> & { principal: Money },
  context: {
    user: User | null;
    language: Language;
    now: Date;
    messages?: Messenger | undefined;
    ladder?: LadderLink;
  },
) {
  const { now } = context;
  const { principal } = input;
  // Every payout names a person a SEPA transfer can write (docs/decisions.md "Held payment orders").
  if (!nameSurvivesSepa(input.full_name)) {
    throw badRequest("application_name_not_sepa", "A bank transfer cannot carry this name", [
      {
        path: "body.full_name",
        message: "Not writable in the SEPA character set",
        code: "application_name_not_sepa",
      },
    ]);
  }
  // The confirmation's information sheet is the package bank's own.
  const bank = await bankOfPackage(trx, pkg.id);
  const message = input.message?.trim() ? input.message.trim() : null;
  const row = await repo.insertApplication(trx, {
    user_id: context.user?.id ?? null,
    package_id: pkg.id,
    full_name: input.full_name,
    email: input.email,
    phone: input.phone,
    amount_cents: moneyToDb(principal),
    currency: principal.currency,
    interest_rate: pkg.interest_rate,
    duration_months: pkg.duration_months,
    message,
    reference_iban: input.reference_iban ?? null,
    maturity_instruction: input.maturity_instruction ?? null,
    renew_min_rate:
      input.maturity_instruction === "renew_if_rate_at_least" && input.renew_min_rate != null
        ? input.renew_min_rate.toFixed(2)
        : null,
    ladder_id: context.ladder?.ladderId ?? null,
    ladder_term_months: context.ladder?.longestTermMonths ?? null,
    info_sheet_acknowledged_at: input.info_sheet_acknowledged ? now : null,
    language: context.language,
    created_at: now,
    updated_at: now,
  });
  const facts = {
    application_id: row.id,
    amount_cents: moneyToJsonCents(principal),
    currency: row.currency.trim(),
    rate: row.interest_rate,
    term_months: row.duration_months,
    received_at: row.created_at.toISOString(),
    info_sheet_version: INFO_SHEET_VERSION,
    info_sheet_acknowledged_at: row.info_sheet_acknowledged_at?.toISOString() ?? null,
    ...(bank
      ? {
          bank: {
            name: bank.name,
            scheme_name: bank.scheme_name,
            scheme_contact: bank.scheme_contact,
            scheme_website: bank.scheme_website,
            coverage_cents: moneyToJsonCents(moneyFromDb(bank.scheme_coverage_cents, BOOKS_CURRENCY)),
            repayment_days: bank.scheme_repayment_days,
          },
        }
      : {}),
    full_name: row.full_name,
    reference_iban: row.reference_iban,
    maturity_instruction: row.maturity_instruction,
  };
  if (row.user_id) {
    await context.messages?.notify(trx, {
      userId: row.user_id,
      event: "application_received",
      key: `application_received:${row.id}`,
      facts,
    });
  } else {
    // Sent signed out: no inbox, but the applicant still gets the confirmation at the given address.
    // Nobody has shown the address is theirs: the e-mail quotes nothing they typed (no name).
    await context.messages?.notifyAddress(trx, {
      email: row.email,
      language: context.language,
      event: "application_received",
      facts: { ...facts, full_name: "", reference_iban: null },
    });
  }
  return row;
}

/**
 * The owner completes (or corrects) the details of a pending application: reference IBAN, maturity
 * instruction and the acknowledgement of the depositor information sheet (its first moment is kept).
 * Guarded by status in SQL, so a decision made meanwhile wins and this answers 409.
 */
export async function completeDetails(
  db: Kysely<DB>,
  user: User,
  id: string,
  input: ApplicationDetailsRequest,
  now: Date,
): Promise<Application> {
  const row = await repo.findApplicationById(db, id);
  // Another account's application answers like an unknown one.
  if (!row || row.user_id !== user.id) {
    throw notFound("application_not_found", "This application does not exist");
  }
  const updated = await repo.completePendingDetails(db, id, user.id, {
    reference_iban: input.reference_iban,
    maturity_instruction: input.maturity_instruction,
    renew_min_rate:
      input.maturity_instruction === "renew_if_rate_at_least" && input.renew_min_rate != null
        ? input.renew_min_rate.toFixed(2)
        : null,
    at: now,
  });
  if (!updated) {
    throw conflict("application_not_pending", "Only a pending application can be changed");
  }
  const banks = await banksOfPackages(db, [updated.package_id]);
  return toApplication(updated, undefined, banks.get(updated.package_id));
}

/** The signed-in user's applications that are rungs of the given ladders, with their deposits. */
export async function ownApplicationsOfLadders(
  db: Kysely<DB>,
  user: User,
  ladderIds: readonly string[],
): Promise<Application[]> {
  const rows = await repo.listApplicationsOfLadders(db, user.id, ladderIds);
  const { deposits, banks } = await depositsAndBanksOf(db, rows);
  return rows.map((row) => toApplication(row, deposits.get(row.id), banks.get(row.package_id)));
}

/** The signed-in user's own applications, newest first, and how many there are. */
export async function listOwnApplications(
  db: Kysely<DB>,
  user: User,
  page: PaginationQuery,
): Promise<{ items: Application[]; total: number }> {
  const [rows, total] = await Promise.all([
    repo.listApplicationsByUser(db, user.id, page),
    repo.countApplicationsByUser(db, user.id),
  ]);
  const { deposits, banks } = await depositsAndBanksOf(db, rows);
  return {
    items: rows.map((row) => toApplication(row, deposits.get(row.id), banks.get(row.package_id))),
    total,
  };
}

/**
 * The saver's right of withdrawal (Directive 2002/65/EC art. 6): within 14 days of approval, the
 * owner of an approved application withdraws from the contract online; it becomes `withdrawn`.
 */
export async function withdrawApplication(
  db: Kysely<DB>,
  user: User,
  id: string,
  now: Date,
  events: EventBus,
  messages?: Messenger,
): Promise<Application> {
  const row = await repo.findApplicationById(db, id);
  // Another account's application answers like an unknown one.
  if (!row || row.user_id !== user.id) {
    throw notFound("application_not_found", "This application does not exist");
  }
  if (row.status !== "approved" || !row.decided_at) {
    throw conflict(
      "withdrawal_not_allowed",
      row.status === "withdrawn"
        ? "This application has already been withdrawn"
        : "Only an approved application can be withdrawn",
    );
  }
  const deadline = withdrawalDeadline(row.decided_at, LIMITS.withdrawalDays, BUSINESS_TIME_ZONE);
  if (now.getTime() > deadline.getTime()) {
    throw new AppError(
      409,
      "withdrawal_period_expired",
      `The 14-day withdrawal period ended on ${deadline.toISOString()}`,
    );
  }
  // Guarded by status in SQL, so a concurrent second withdrawal finds nothing to change. The
  // deposit ends with it; money already received goes back.
  const updated = await db.transaction().execute(async (trx) => {
    const updated = await repo.withdrawApprovedApplication(trx, id, user.id, now);
    if (!updated) throw conflict("withdrawal_not_allowed", "This application can no longer be withdrawn");
    await withdrawDepositsOfApplication(trx, id, now, events);
    await messages?.notify(trx, {
      userId: user.id,
      event: "application_withdrawn",
      key: `application_withdrawn:${id}`,
      facts: {
        application_id: id,
        amount_cents: moneyToJsonCents(moneyFromDb(updated.amount_cents, currencyFromDb(updated.currency))),
        currency: updated.currency.trim(),
        withdrawn_at: now.toISOString(),
      },
    });
    return updated;
  });
  const deposits = await depositsByApplication(db, [id]);
  const banks = await banksOfPackages(db, [updated.package_id]);
  return toApplication(updated, deposits.get(id), banks.get(updated.package_id));
}
