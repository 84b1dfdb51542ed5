import {
  type Application,
  type ApplicationDetail,
  add,
  BUSINESS_TIME_ZONE,
  currencyFromDb,
  type Deposit,
  depositPlan,
  type InterestPayout,
  LIMITS,
  maskIban,
  money,
  moneyFromDb,
  moneyToJsonNumber,
  type PackageBank,
  toBasisPoints,
  withdrawalDeadline,
} from "@festgeld/domain";
import type { ApplicationRow } from "./applications.repository.ts";

/** The details a deposit needs that the application does not carry yet (in their fixed order). */
export function missingDetails(
  row: Pick<ApplicationRow, "reference_iban" | "maturity_instruction" | "info_sheet_acknowledged_at">,
): ApplicationDetail[] {
  const missing: ApplicationDetail[] = [];
  if (!row.reference_iban) missing.push("reference_iban");
  if (!row.maturity_instruction) missing.push("maturity_instruction");
  if (!row.info_sheet_acknowledged_at) missing.push("info_sheet_acknowledged");
  return missing;
}

/**
 * An applications row as its owner sees it. The figures come from the rate and term stored on the
 * application, computed with the one exact implementation. The
 * withdrawal period (14 days) counts from approval; the term from the value date of the money
 * (the deposit's maturity date, null until funded).
 */
export function toApplication(
  row: ApplicationRow,
  deposits: { current: Deposit | null; previous: Deposit[] } | undefined,
  packageBank: (PackageBank & { interest_payout: InterestPayout }) | undefined,
): Application {
  const { current, previous } = deposits ?? { current: null, previous: [] };
  // Every package has a bank (packages.bank_id is not null); a miss means a broken read.
  if (!packageBank)
    throw new Error(`application ${row.id}: the bank of package ${row.package_id} is unknown`);
  const principal = moneyFromDb(row.amount_cents, currencyFromDb(row.currency));
  const rateBasisPoints = toBasisPoints(row.interest_rate);
  // A numeric(5,2) column always converts; a failure means a corrupted row.
  if (rateBasisPoints === null) {
    throw new Error(`application ${row.id}: the rate is not a decimal with two places`);
  }
  const { interest_payout: packagePayout, ...bank } = packageBank;
  // A deposit keeps the payout it was made with; before approval the package's applies.
  const interestPayout = current?.interest_payout ?? packagePayout;
  const { totalInterestCents } = depositPlan({
    principalCents: principal.cents,
    rateBasisPoints,
    months: row.duration_months,
    startDate: (current?.value_date ?? row.created_at.toISOString()).slice(0, 10),
    interestPayout,
  });
  const interest = money(totalInterestCents, principal.currency);
  const approvedAt = row.status === "approved" ? row.decided_at : null;
  return {
    id: row.id,
    userId: row.user_id,
    full_name: row.full_name,
    email: row.email,
    phone: row.phone,
    amount: moneyToJsonNumber(principal),
    currency: row.currency.trim() as Application["currency"],
    term: row.duration_months,
    status: row.status,
    created_at: row.created_at.toISOString(),
    package_id: row.package_id,
    package: {
      duration_months: row.duration_months,
      interest_rate: Number(row.interest_rate),
      interest_payout: interestPayout,
      bank,
    },
    message: row.message,
    reference_iban: row.reference_iban ? maskIban(row.reference_iban) : null,
    maturity_instruction: row.maturity_instruction,
    renew_min_rate: row.renew_min_rate === null ? null : Number(row.renew_min_rate),
    ladder_id: row.ladder_id,
    missing_details: row.status === "pending" ? missingDetails(row) : [],
    expected_interest: moneyToJsonNumber(interest),
    maturity_amount: moneyToJsonNumber(add(principal, interest)),
    maturity_date: current?.maturity_date ?? null,
    withdrawal_deadline: approvedAt
      ? withdrawalDeadline(approvedAt, LIMITS.withdrawalDays, BUSINESS_TIME_ZONE).toISOString()
      : null,
    decided_at: row.decided_at?.toISOString() ?? null,
    withdrawn_at: row.withdrawn_at?.toISOString() ?? null,
    rejection_reason: row.status === "rejected" ? row.rejection_reason : null,
    deposit: current,
    previous_deposits: previous,
  };
}
