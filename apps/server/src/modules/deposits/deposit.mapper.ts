import {
  addDays,
  BOOKS_CURRENCY,
  BUSINESS_TIME_ZONE,
  currencyFromDb,
  type Deposit,
  dateInZone,
  depositPlan,
  epcQrPayload,
  epcQrSupports,
  formatCreditorReference,
  LIMITS,
  money,
  moneyToJsonNumber,
  toBasisPoints,
} from "@festgeld/domain";
import type * as repo from "./deposits.repository.ts";
import type { DepositRow, LedgerSums } from "./deposits.repository.ts";
import { EMPTY_SUMS } from "./deposits.repository.ts";

/** The columns a deposit's plan is made from. */
export type PlanColumns = Pick<
  DepositRow,
  "amount_cents" | "interest_rate" | "duration_months" | "interest_payout" | "value_date" | "approved_at"
>;

/**
 * A deposit row's plan (docs/decisions.md "A deposit's plan"): principal in cents, rate in basis points
 * (always convertible: checked columns), and every payment it makes, dated from the value date (from the
 * approval day while the money has not arrived: only the amounts mean anything then). `interestCents` is
 * the plan's total interest.
 */
export function depositFigures(row: PlanColumns) {
  const rateBasisPoints = toBasisPoints(row.interest_rate);
  if (rateBasisPoints === null)
    throw new Error(`deposit rate ${row.interest_rate} is not a two-decimal number`);
  const principalCents = row.amount_cents;
  const plan = depositPlan({
    principalCents,
    rateBasisPoints,
    months: row.duration_months,
    startDate: row.value_date ?? dateInZone(row.approved_at, BUSINESS_TIME_ZONE),
    interestPayout: row.interest_payout,
  });
  return { principalCents, rateBasisPoints, interestCents: plan.totalInterestCents, plan };
}

/**
 * The EPC QR payload of a deposit awaiting funds; null for a deposit in another currency than euro: an EPC
 * QR code is a SEPA credit transfer, defined in euro only (docs/decisions.md "EPC QR codes only for euro
 * transfers").
 */
export function transferPayload(row: DepositRow): string | null {
  const amount = money(row.amount_cents, currencyFromDb(row.currency));
  if (!epcQrSupports(amount.currency)) return null;
  return epcQrPayload({
    bic: row.bank_bic,
    name: row.bank_holder,
    iban: row.bank_iban,
    amount,
    reference: row.reference,
  });
}

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** Cents of the books (a deposit's ledger) as the contract's euro number. */
const booksAmount = (cents: bigint) => moneyToJsonNumber(money(cents, BOOKS_CURRENCY));

/** A deposit as its owner sees it; the money figures are sums of its ledger entries. */
export function toDeposit(row: DepositRow, sums: LedgerSums = EMPTY_SUMS): Deposit {
  const { interestCents } = depositFigures(row);
  const balance = sums.principal_received + sums.interest_credited - sums.payout - sums.carried_to_renewal;
  const currency = row.currency.trim() as Deposit["currency"];
  /** Cents in the deposit's currency as the contract's number in major units. */
  const amount = (cents: bigint) => moneyToJsonNumber(money(cents, currencyFromDb(currency)));
  return {
    id: row.id,
    application_id: row.application_id,
    previous_deposit_id: row.previous_deposit_id,
    status: row.status,
    reference: row.reference,
    amount: amount(row.amount_cents),
    currency,
    interest_rate: Number(row.interest_rate),
    term: row.duration_months,
    maturity_instruction: row.maturity_instruction,
    renew_min_rate: row.renew_min_rate === null ? null : Number(row.renew_min_rate),
    early_closure: row.early_closure,
    interest_payout: row.interest_payout,
    approved_at: row.approved_at.toISOString(),
    funding_deadline: iso(row.funding_deadline),
    funded_at: iso(row.funded_at),
    value_date: row.value_date,
    maturity_date: row.maturity_date,
    instruction_cutoff: row.maturity_date ? addDays(row.maturity_date, -LIMITS.instructionCutoffDays) : null,
    matured_at: iso(row.matured_at),
    paid_out_at: iso(row.paid_out_at),
    renewed_at: iso(row.renewed_at),
    lapsed_at: iso(row.lapsed_at),
    withdrawn_at: iso(row.withdrawn_at),
    closed_at: iso(row.closed_at),
    expected_interest: amount(interestCents),
    ledger: {
      principal_received: booksAmount(sums.principal_received),
      interest_credited: booksAmount(sums.interest_credited),
      paid_out: booksAmount(sums.payout),
      carried_to_renewal: booksAmount(sums.carried_to_renewal),
      balance: booksAmount(balance),
    },
    transfer:
      row.status === "awaiting_funds" && row.funding_deadline
        ? {
            account_holder: row.bank_holder,
            iban: row.bank_iban,
            bic: row.bank_bic,
            bank_name: row.bank_name,
            amount: amount(row.amount_cents),
            currency,
            reference: row.reference,
            reference_formatted: formatCreditorReference(row.reference),
            deadline: row.funding_deadline.toISOString(),
            epc_qr_payload: transferPayload(row),
          }
        : null,
  };
}

/** A deposit's timeline and its ledger entries as both the saver's and the staff's detail show them. */
export function historyView(
  events: Awaited<ReturnType<typeof repo.depositEvents>>,
  entries: Awaited<ReturnType<typeof repo.ledgerEntries>>,
) {
  return {
    events: events.map((e) => ({ type: e.type, at: e.at.toISOString(), details: e.details })),
    entries: entries.map((e) => ({
      kind: e.kind,
      amount: booksAmount(e.amount_cents),
      value_date: e.value_date,
      source: e.source,
      booked_at: e.booked_at.toISOString(),
    })),
  };
}
