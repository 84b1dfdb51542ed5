import {
  addDays,
  addMonths,
  BUSINESS_TIME_ZONE,
  currencyFromDb,
  type Deposit,
  type DepositDetail,
  type DepositPlan,
  dateInZone,
  depositReference,
  LIMITS,
  type MaturityInstructionRequest,
  maskIban,
  money,
  moneyFromDb,
  moneyToJsonCents,
  moneyToJsonNumber,
  moneyToPlainText,
  monthlyPaymentsDue,
  startOfDayInZone,
  sum,
  type User,
  withdrawalDeadline,
} from "@festgeld/domain";
import type { Kysely, Selectable, Transaction } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { ApplicationsTable } from "../../db/tables/invest.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { loadQrCode } from "../../lib/lazy.ts";
import type { PartnerBankAccount } from "../../plugins/deposit-settings.ts";
import type { EventBus } from "../../plugins/events.ts";
import { receivingAccountOfPackage } from "../banks/banks.service.ts";
import type { TransferFacts } from "../messages/message-events.ts";
import { findPackage } from "../packages/packages.service.ts";
import { depositFigures, historyView, toDeposit, transferPayload } from "./deposit.mapper.ts";
import { aboutDeposit, type DepositEvent, onDepositEvent } from "./deposit-events.ts";
import { orderPayout } from "./deposit-payouts.ts";
import type { DepositRow } from "./deposits.repository.ts";
import * as repo from "./deposits.repository.ts";

type Db = Kysely<DB> | Transaction<DB>;

/** The principal of running deposits and the savers it belongs to (the back office's totals). */
export function investedTotals(db: Db) {
  return repo.investedTotals(db);
}

export const JOB_NAMES = {
  lapse: "deposit.lapse",
  maturity: "deposit.maturity",
  reminder: "deposit.maturity_reminder",
  monthlyInterest: "deposit.monthly_interest",
} as const;

/** The instant a calendar day starts for the business (maturity and reminders run then). */
export const dayStart = (date: string) => startOfDayInZone(date, BUSINESS_TIME_ZONE);
export const businessDate = (instant: Date) => dateInZone(instant, BUSINESS_TIME_ZONE);

/**
 * An approved application becomes a deposit awaiting funds: transfer
 * instructions to the receiving account of the package's partner bank (or the configured one while
 * that bank has none), a unique RF reference, and a
 * deadline 14 days after approval, after which the lapse job closes it.
 */
export async function createDepositOnApproval(
  trx: Transaction<DB>,
  application: Selectable<ApplicationsTable>,
  context: { now: Date; defaultBank: PartnerBankAccount; actorId: string; events: EventBus },
): Promise<TransferFacts> {
  const { reference_iban: payerIban, maturity_instruction: instruction } = application;
  // The approval refuses an incomplete application first (application_incomplete).
  if (!payerIban || !instruction) throw new Error(`application ${application.id} is incomplete`);
  const pkg = await findPackage(trx, application.package_id);
  if (!pkg) throw new Error(`application ${application.id}: package ${application.package_id} not found`);
  // The package's bank receives the money; the configured account only while that bank has none.
  const bank = await receivingAccountOfPackage(trx, pkg.id, context.defaultBank);
  const amountCents = application.amount_cents;
  const deadline = withdrawalDeadline(context.now, LIMITS.fundingDays, BUSINESS_TIME_ZONE);
  const reference = depositReference(await repo.nextReferenceNumber(trx));
  const deposit = await repo.insertDeposit(trx, {
    application_id: application.id,
    user_id: application.user_id,
    package_id: application.package_id,
    previous_deposit_id: null,
    reference,
    amount_cents: amountCents,
    currency: application.currency.trim(),
    interest_rate: application.interest_rate,
    duration_months: application.duration_months,
    maturity_instruction: instruction,
    renew_min_rate: application.renew_min_rate,
    ladder_term_months: application.ladder_term_months,
    payer_iban: payerIban,
    bank_holder: bank.holder,
    bank_iban: bank.iban,
    bank_bic: bank.bic,
    bank_name: bank.name,
    early_closure: pkg.early_closure,
    // The deposit keeps the package's interest payout as it is today (a later change alters no deposit).
    interest_payout: pkg.interest_payout,
    approved_at: context.now,
    funding_deadline: deadline,
    created_at: context.now,
    updated_at: context.now,
  });
  // The lapse check runs just after the deadline.
  await repo.scheduleJob(trx, {
    name: JOB_NAMES.lapse,
    key: `${JOB_NAMES.lapse}:${deposit.id}`,
    runAt: new Date(deadline.getTime() + 1),
    payload: { deposit_id: deposit.id },
  });
  await onDepositEvent(
    trx,
    context.events,
    {
      depositId: deposit.id,
      applicationId: application.id,
      userId: application.user_id,
      type: "approved",
      at: context.now,
      deposit,
      details: { reference, amount_cents: String(amountCents), deadline: deadline.toISOString() },
    },
    context.actorId,
  );
  return {
    account_holder: deposit.bank_holder,
    iban: deposit.bank_iban,
    bic: deposit.bank_bic,
    reference: deposit.reference,
    amount_cents: moneyToJsonCents(
      moneyFromDb(application.amount_cents, currencyFromDb(application.currency)),
    ),
    currency: deposit.currency.trim(),
    deadline: businessDate(deadline),
    epc_qr_payload: transferPayload(deposit),
  };
}

/** The deposits of each application: the current one and the earlier ones it renewed, with ledger sums. */
export async function depositsByApplication(
  db: Db,
  applicationIds: readonly string[],
): Promise<Map<string, { current: Deposit | null; previous: Deposit[] }>> {
  const rows = await repo.depositsOfApplications(db, applicationIds);
  const sums = await repo.ledgerSums(
    db,
    rows.map((r) => r.id),
  );
  const byApplication = new Map<string, Deposit[]>();
  for (const row of rows) {
    const list = byApplication.get(row.application_id) ?? [];
    list.push(toDeposit(row, sums.get(row.id)));
    byApplication.set(row.application_id, list);
  }
  const result = new Map<string, { current: Deposit | null; previous: Deposit[] }>();
  for (const id of applicationIds) {
    const list = byApplication.get(id) ?? [];
    result.set(id, { current: list.at(-1) ?? null, previous: list.slice(0, -1).reverse() });
  }
  return result;
}

async function detailOf(db: Db, row: repo.DepositRow): Promise<DepositDetail> {
  const [sums, events, entries, interestPayments] = await Promise.all([
    repo.ledgerSums(db, [row.id]),
    repo.depositEvents(db, row.id),
    repo.ledgerEntries(db, row.id),
    repo.interestPaymentsOf(db, row.id),
  ]);
  return {
    plan: planView(row, interestPayments),
    ...toDeposit(row, sums.get(row.id)),
    ...historyView(events, entries),
  };
}

type PlanStatus = NonNullable<DepositDetail["plan"]>["payments"][number]["status"];

/**
 * The deposit's plan as the saver sees it (docs/decisions.md "A deposit's plan"): each payment with how
 * far it got. A monthly payment is as far as its order (recorded payments), or upcoming; the payments at
 * maturity follow the deposit's state. None before the money arrived, or for a deposit that never ran.
 */
function planView(
  row: repo.DepositRow,
  recorded: Awaited<ReturnType<typeof repo.interestPaymentsOf>>,
): DepositDetail["plan"] {
  if (!row.value_date || ["awaiting_funds", "lapsed", "withdrawn"].includes(row.status)) return null;
  const { plan } = depositFigures(row);
  const byMonth = new Map(recorded.map((r) => [r.month, r]));
  const settled: PlanStatus =
    row.status === "paid_out" || row.status === "renewed"
      ? "paid"
      : row.status === "payout_pending"
        ? "ordered"
        : "upcoming";
  const payments = plan.payments.flatMap((p) => {
    let status: PlanStatus = settled;
    if (p.kind === "interest" && plan.interestPayout === "monthly") {
      const paid = byMonth.get(p.month);
      const order = paid?.order_status;
      status = !paid
        ? "upcoming"
        : order === "booked" || !paid.payment_order_id
          ? "paid"
          : order === "returned"
            ? "returned"
            : "ordered";
    }
    // A deposit closed early makes no payment its plan had not reached.
    if (row.status === "closed_early" && status === "upcoming") return [];
    return [{ ...p, status }];
  });
  const currency = currencyFromDb(row.currency);
  const amount = (cents: bigint) => money(cents, currency);
  const interestPaid = sum(
    currency,
    payments.filter((p) => p.kind === "interest" && p.status === "paid").map((p) => amount(p.amountCents)),
  );
  return {
    total_interest: moneyToJsonNumber(amount(plan.totalInterestCents)),
    interest_paid: moneyToJsonNumber(interestPaid),
    payments: payments.map((p) => ({
      kind: p.kind,
      month: p.month,
      date: p.date,
      amount: moneyToJsonNumber(amount(p.amountCents)),
      status: p.status,
    })),
  };
}

/** The saver's own deposit; another account's answers 404 like an unknown one (nothing to learn from it). */
export async function ownDeposit(db: Db, user: User, id: string) {
  const row = await repo.findDeposit(db, id);
  if (!row || row.user_id !== user.id) throw notFound("deposit_not_found", "This deposit does not exist");
  return row;
}

export async function getOwnDeposit(db: Db, user: User, id: string): Promise<DepositDetail> {
  return detailOf(db, await ownDeposit(db, user, id));
}

/** The EPC QR code of a deposit awaiting funds, as an SVG document; a deposit in euro only. */
export async function transferQr(db: Db, user: User, id: string): Promise<{ payload: string; svg: string }> {
  const row = await ownDeposit(db, user, id);
  if (row.status !== "awaiting_funds") {
    throw conflict("deposit_not_awaiting_funds", "This deposit is not awaiting a transfer");
  }
  const payload = transferPayload(row);
  if (payload === null) {
    throw conflict(
      "transfer_qr_euro_only",
      "An EPC QR code is a SEPA credit transfer, in euro only; this deposit is in another currency",
    );
  }
  // Error correction level M, as EPC069-12 asks.
  const QRCode = await loadQrCode();
  const svg = await QRCode.toString(payload, { type: "svg", errorCorrectionLevel: "M", margin: 4 });
  return { payload, svg };
}

/* ------------------------------------------------------------------------- funding */

/**
 * How far ahead of today a value date may lie: a bank books a credit today with the next business
 * day's value date (docs/decisions.md "Statement import"), so a statement credit may carry a value
 * date up to this many days ahead; staff recording money by hand give a date that has passed.
 */
export const STATEMENT_VALUE_DATE_AHEAD_DAYS = 5;

export function latestValueDate(source: "manual" | "statement", today: string): string {
  return source === "statement" ? addDays(today, STATEMENT_VALUE_DATE_AHEAD_DAYS) : today;
}

export interface FundingInput {
  amountCents: bigint;
  valueDate: string;
  payerIban: string;
  source: "manual" | "statement";
  bankStatementId?: string | null;
  /** For a statement credit: which of the statement's entries funded the deposit. */
  statementEntryKey?: string | null;
  /** A credit staff assigned from the exception queue: booked into suspense when it came in. */
  fromSuspense?: boolean;
  actorId: string | null;
  now: Date;
  events: EventBus;
}

/**
 * Books the money received for a deposit awaiting funds: the payer must be the saver's reference
 * account and the amount exact. The term starts at the value date; maturity = value date + term
 * (calendar months, the last day of a shorter month). Locks the deposit row, so two bookings of the
 * same money cannot both pass.
 */
export async function fundDeposit(trx: Transaction<DB>, depositId: string, input: FundingInput) {
  const row = await repo.lockDeposit(trx, depositId);
  if (!row) throw notFound("deposit_not_found", "This deposit does not exist");
  if (row.status !== "awaiting_funds") {
    throw conflict("deposit_not_awaiting_funds", `This deposit is ${row.status}, not awaiting funds`);
  }
  if (input.payerIban !== row.payer_iban) {
    throw conflict(
      "payer_iban_mismatch",
      `The money must come from the saver's reference account ${maskIban(row.payer_iban)}`,
    );
  }
  if (input.amountCents !== row.amount_cents) {
    throw conflict(
      "amount_mismatch",
      `The amount received differs from the agreed ${moneyToPlainText(moneyFromDb(row.amount_cents, currencyFromDb(row.currency)))}`,
    );
  }
  const today = businessDate(input.now);
  const approvedOn = businessDate(row.approved_at);
  const latest = latestValueDate(input.source, today);
  if (input.valueDate > latest || input.valueDate < approvedOn) {
    throw badRequest(
      "invalid_value_date",
      `The value date must lie between the approval (${approvedOn}) and ${latest}`,
      [
        {
          path: "body.value_date",
          message: `Between ${approvedOn} and ${latest}`,
          code: "invalid_value_date",
        },
      ],
    );
  }
  const maturity = addMonths(input.valueDate, row.duration_months);
  const updated = await repo.markFunded(trx, row.id, {
    status: "active",
    funded_at: input.now,
    value_date: input.valueDate,
    maturity_date: maturity,
    updated_at: input.now,
  });
  await scheduleMaturity(trx, row.id, maturity, depositFigures(updated).plan);
  await repo.cancelJob(trx, `${JOB_NAMES.lapse}:${row.id}`, input.now);
  await onDepositEvent(trx, input.events, fundsReceived(updated, input, maturity), input.actorId);
  return updated;
}

/** `funds_received` of a deposit the funding left as `updated`. */
export function fundsReceived(
  updated: DepositRow,
  input: Omit<FundingInput, "payerIban" | "actorId" | "events">,
  maturity: string,
): DepositEvent {
  return {
    ...aboutDeposit(updated),
    type: "funds_received",
    at: input.now,
    details: {
      amount_cents: String(input.amountCents),
      value_date: input.valueDate,
      maturity_date: maturity,
      source: input.source,
      ...(input.bankStatementId ? { statement_id: input.bankStatementId } : {}),
      ...(input.statementEntryKey ? { statement_entry_key: input.statementEntryKey } : {}),
      ...(input.fromSuspense ? { from_suspense: true as const } : {}),
    },
  };
}

/**
 * The maturity job and the reminder 14 days before it; for a deposit paying interest monthly, a job on
 * each due date of its plan (docs/decisions.md "Monthly interest"). Each monthly job pays whatever is due
 * and unpaid, so the ones that find nothing left do nothing.
 */
export function maturityJobs(depositId: string, maturityDate: string, plan?: DepositPlan) {
  const monthly = plan ? monthlyPaymentsDue(plan, maturityDate) : [];
  return [
    ...monthly.map((p) => ({
      name: JOB_NAMES.monthlyInterest,
      key: `${JOB_NAMES.monthlyInterest}:${depositId}:${p.month}`,
      runAt: dayStart(p.date),
      payload: { deposit_id: depositId },
    })),
    {
      name: JOB_NAMES.maturity,
      key: `${JOB_NAMES.maturity}:${depositId}`,
      runAt: dayStart(maturityDate),
      payload: { deposit_id: depositId },
    },
    {
      name: JOB_NAMES.reminder,
      key: `${JOB_NAMES.reminder}:${depositId}`,
      runAt: dayStart(addDays(maturityDate, -LIMITS.maturityReminderDays)),
      payload: { deposit_id: depositId },
    },
  ];
}

export async function scheduleMaturity(db: Db, depositId: string, maturityDate: string, plan?: DepositPlan) {
  await repo.scheduleJobs(db, maturityJobs(depositId, maturityDate, plan));
}

/**
 * The saver withdrew from the contract (right of withdrawal): the deposit ends; money already
 * received goes back to the reference account.
 */
export async function withdrawDepositsOfApplication(
  trx: Transaction<DB>,
  applicationId: string,
  now: Date,
  events: EventBus,
) {
  const rows = await repo.lockRunningDepositsOfApplication(trx, applicationId);
  for (const row of rows) {
    await repo.updateDeposit(trx, row.id, { status: "withdrawn", withdrawn_at: now, updated_at: now });
    const sums = (await repo.ledgerSums(trx, [row.id])).get(row.id);
    // Money received goes back as a payment order; its payout entry is booked with the bank's booking.
    if (sums && sums.principal_received > 0n) {
      await orderPayout(
        trx,
        events,
        { ...row, status: "withdrawn", withdrawn_at: now },
        {
          source: "withdrawal_refund",
          amountCents: sums.principal_received,
          principalCents: sums.principal_received,
          interestCents: 0n,
          now,
        },
      );
    }
    await repo.cancelJobs(
      trx,
      [`${JOB_NAMES.lapse}:${row.id}`, `${JOB_NAMES.maturity}:${row.id}`, `${JOB_NAMES.reminder}:${row.id}`],
      now,
    );
    await onDepositEvent(trx, events, {
      ...aboutDeposit(row),
      type: "withdrawn",
      at: now,
      details: { returned_cents: String(sums?.principal_received ?? 0) },
    });
  }
}

/**
 * The saver changes what happens at maturity: while awaiting funds, or while active until the
 * cut-off 5 days before maturity (the last day it may change is maturity - 5 days); later 409.
 */
export async function changeInstruction(
  db: Kysely<DB>,
  user: User,
  id: string,
  input: MaturityInstructionRequest,
  now: Date,
  events: EventBus,
): Promise<DepositDetail> {
  const instruction = input.maturity_instruction;
  // The schema keeps the threshold with the renewal rule only; stored as the exact decimal.
  const minRate =
    instruction === "renew_if_rate_at_least" && input.renew_min_rate !== undefined
      ? input.renew_min_rate.toFixed(2)
      : null;
  await ownDeposit(db, user, id);
  await db.transaction().execute(async (trx) => {
    const row = await repo.lockDeposit(trx, id);
    if (!row) throw notFound("deposit_not_found", "This deposit does not exist");
    if (row.status !== "awaiting_funds" && row.status !== "active") {
      throw conflict(
        "deposit_not_active",
        `This deposit is ${row.status}; its instruction can no longer change`,
      );
    }
    if (row.maturity_date) {
      const cutoff = addDays(row.maturity_date, -LIMITS.instructionCutoffDays);
      if (businessDate(now) > cutoff) {
        throw conflict(
          "instruction_cutoff_passed",
          `The instruction could be changed until ${cutoff}, 5 days before maturity on ${row.maturity_date}`,
        );
      }
    }
    const sameRate = (row.renew_min_rate === null ? null : Number(row.renew_min_rate).toFixed(2)) === minRate;
    if (row.maturity_instruction === instruction && sameRate) return;
    await repo.updateDeposit(trx, id, {
      maturity_instruction: instruction,
      renew_min_rate: minRate,
      updated_at: now,
    });
    await onDepositEvent(
      trx,
      events,
      {
        ...aboutDeposit({ ...row, maturity_instruction: instruction, renew_min_rate: minRate }),
        type: "instruction_changed",
        at: now,
        details: {
          from: row.maturity_instruction,
          to: instruction,
          ...(minRate === null ? {} : { renew_min_rate: minRate }),
        },
      },
      user.id,
    );
  });
  return getOwnDeposit(db, user, id);
}
