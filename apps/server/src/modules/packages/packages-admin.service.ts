import {
  type AdminPackage,
  BOOKS_CURRENCY,
  eur,
  isNegative,
  moneyFromJsonNumber,
  moneyToJsonNumber,
  type PackageCreateRequest,
  type PackageUpdateRequest,
  perLanguage,
  type User,
} from "@festgeld/domain";
import type { Kysely, Updateable } from "kysely";
import type { DB, PackagesTable } from "../../db/schema.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import type { EventBus } from "../../plugins/events.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { onPackageEvent, packageFacts } from "./package-events.ts";
import { invalidatePackagesCache } from "./packages.service.ts";
import * as repo from "./packages-admin.repository.ts";

type PackageRow = repo.PackageWithBankRow;
type CreateInput = PackageCreateRequest;
type UpdateInput = PackageUpdateRequest;

/** Rates are validated to at most two decimals, so toFixed(2) writes them exactly. */
const decimal = (value: number) => value.toFixed(2);

/** A request's euro amount in cents; the request schema refused more than two decimals already. */
function cents(euros: number, field: string): bigint {
  const value = moneyFromJsonNumber(euros, BOOKS_CURRENCY);
  if (value === null || isNegative(value)) {
    throw badRequest("validation_failed", "The amount takes at most two decimal places", [
      { path: `body.${field}`, message: "must have at most two decimals", code: "custom" },
    ]);
  }
  return value.cents;
}

export function toAdminPackage(row: PackageRow): AdminPackage {
  return {
    id: row.id,
    duration_months: row.duration_months,
    interest_rate: Number(row.interest_rate),
    min_amount: moneyToJsonNumber(eur(row.min_amount_cents)),
    max_amount: moneyToJsonNumber(eur(row.max_amount_cents)),
    currency: "EUR",
    features: perLanguage((language) => row.features?.[language] ?? []),
    is_active: row.is_active,
    interest_payout: row.interest_payout,
    bank: {
      id: row.bank_id,
      slug: row.bank_slug,
      name: row.bank_name,
      country: row.bank_country.trim(),
      status: row.bank_status,
    },
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The fields an audit entry shows for a package, in the API's units. */
const auditView = (p: AdminPackage) => ({
  duration_months: p.duration_months,
  interest_rate: p.interest_rate,
  min_amount: p.min_amount,
  max_amount: p.max_amount,
  features: p.features,
  is_active: p.is_active,
  interest_payout: p.interest_payout,
  bank_id: p.bank.id,
});

const unknownBank = () =>
  badRequest("bank_not_found", "This bank does not exist", [
    { path: "body.bank_id", message: "Unknown bank", code: "bank_not_found" },
  ]);

export async function listPackages(db: Kysely<DB>): Promise<AdminPackage[]> {
  return (await repo.listAllPackages(db)).map(toAdminPackage);
}

export async function createPackage(
  db: Kysely<DB>,
  admin: User,
  input: CreateInput,
  events?: EventBus,
  now: Date = new Date(),
): Promise<AdminPackage> {
  const created = await db.transaction().execute(async (trx) => {
    const bankId = await repo.findBankId(trx, input.bank_id);
    if (!bankId) throw unknownBank();
    const row = await repo.insertPackage(trx, {
      bank_id: bankId,
      duration_months: input.duration_months,
      interest_rate: decimal(input.interest_rate),
      min_amount_cents: cents(input.min_amount, "min_amount"),
      max_amount_cents: cents(input.max_amount, "max_amount"),
      currency: "EUR",
      features: JSON.stringify(input.features),
      is_active: input.is_active ?? true,
      interest_payout: input.interest_payout ?? "at_maturity",
    });
    const pkg = toAdminPackage(row);
    await recordAudit(trx, admin, {
      action: "package.created",
      targetType: "package",
      targetId: pkg.id,
      details: { after: auditView(pkg) },
    });
    if (events)
      await onPackageEvent(trx, events, {
        type: "created",
        at: now,
        package: packageFacts(row),
        before: null,
      });
    return pkg;
  });
  invalidatePackagesCache(db);
  return created;
}

/**
 * Changes a package's terms, features or availability. Existing applications are not touched: each
 * keeps the rate and term it was made with. Deactivating only withdraws the package from sale.
 */
export async function updatePackage(
  db: Kysely<DB>,
  admin: User,
  id: string,
  input: UpdateInput,
  events?: EventBus,
  now: Date = new Date(),
): Promise<AdminPackage> {
  const updated = await db.transaction().execute(async (trx) => {
    const current = await repo.findPackageForUpdate(trx, id);
    if (!current) throw notFound("package_not_found", "This package does not exist.");
    const minCents =
      input.min_amount === undefined ? current.min_amount_cents : cents(input.min_amount, "min_amount");
    const maxCents =
      input.max_amount === undefined ? current.max_amount_cents : cents(input.max_amount, "max_amount");
    if (maxCents < minCents) {
      throw badRequest("validation_failed", "The maximum amount must not be lower than the minimum amount", [
        { path: "body.max_amount", message: "must not be lower than min_amount", code: "too_small" },
      ]);
    }
    const changes: Updateable<PackagesTable> = {};
    if (input.duration_months !== undefined) changes.duration_months = input.duration_months;
    if (input.interest_rate !== undefined) changes.interest_rate = decimal(input.interest_rate);
    if (input.min_amount !== undefined) changes.min_amount_cents = minCents;
    if (input.max_amount !== undefined) changes.max_amount_cents = maxCents;
    if (input.features !== undefined) changes.features = JSON.stringify(input.features);
    if (input.is_active !== undefined) changes.is_active = input.is_active;
    // Running deposits keep the payout they copied when they were made (deposits.interest_payout).
    if (input.interest_payout !== undefined) changes.interest_payout = input.interest_payout;
    if (input.bank_id !== undefined && input.bank_id !== current.bank_id) {
      if (!(await repo.findBankId(trx, input.bank_id))) throw unknownBank();
      // Applications and deposits count against their bank's guarantee and pay into its account.
      if ((await repo.countApplicationsOfPackage(trx, id)) > 0) {
        throw conflict(
          "package_bank_locked",
          "Applications were made for this package; it stays with its bank. Create a new package instead.",
        );
      }
      changes.bank_id = input.bank_id;
    }

    const before = auditView(toAdminPackage(current));
    const updatedRow = await repo.updatePackage(trx, id, changes);
    const pkg = toAdminPackage(updatedRow);
    const after = auditView(pkg);
    // Only what actually changed goes into the audit entry.
    const changed = (Object.keys(after) as Array<keyof typeof after>).filter(
      (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
    );
    await recordAudit(trx, admin, {
      action: "package.updated",
      targetType: "package",
      targetId: id,
      details: {
        before: Object.fromEntries(changed.map((key) => [key, before[key]])),
        after: Object.fromEntries(changed.map((key) => [key, after[key]])),
      },
    });
    if (events) {
      await onPackageEvent(trx, events, {
        type: "updated",
        at: now,
        package: packageFacts(updatedRow),
        before: packageFacts(current),
      });
    }
    return pkg;
  });
  invalidatePackagesCache(db);
  return updated;
}
