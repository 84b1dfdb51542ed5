import {
  addMonths,
  decideRenewal,
  depositReference,
  renewalTermMonths,
  simpleInterest,
  toBasisPoints,
} from "@festgeld/domain";
import type { Transaction } from "kysely";
import type { ClaimedJob, JobHandler } from "../../db/job-queue.ts";
import type { DB } from "../../db/schema.ts";
import type { EventBus } from "../../plugins/events.ts";
import { packageInForce } from "../packages/packages.service.ts";
import { depositFigures } from "./deposit.mapper.ts";
import { onDepositEvent } from "./deposit-events.ts";
import { orderPayout } from "./deposit-payouts.ts";
import * as repo from "./deposits.repository.ts";
import { businessDate, JOB_NAMES, scheduleMaturity } from "./deposits.service.ts";

const depositIdOf = (job: ClaimedJob) => {
  const id = job.payload.deposit_id;
  if (typeof id !== "string") throw new Error(`job ${job.key} names no deposit`);
  return id;
};

const eventBase = (row: repo.DepositRow) => ({
  depositId: row.id,
  applicationId: row.application_id,
  userId: row.user_id,
  deposit: row,
});

/** No money 14 days after approval: the deposit lapses (stated on the terms page). */
const lapse =
  (events: EventBus): JobHandler =>
  async (trx, job, now) => {
    const row = await repo.lockDeposit(trx, depositIdOf(job));
    if (row?.status !== "awaiting_funds") return;
    await repo.updateDeposit(trx, row.id, { status: "lapsed", lapsed_at: now, updated_at: now });
    await onDepositEvent(trx, events, {
      ...eventBase(row),
      type: "lapsed",
      at: now,
      details: { deadline: row.funding_deadline?.toISOString() ?? null },
    });
  };

/** 14 days before maturity: the saver is reminded of the instruction and its cut-off. */
const reminder =
  (events: EventBus): JobHandler =>
  async (trx, job, now) => {
    const row = await repo.findDeposit(trx, depositIdOf(job));
    if (row?.status !== "active") return;
    // Under the renewal rule the reminder states today's rate against the threshold.
    const rule = row.maturity_instruction === "renew_if_rate_at_least";
    const today = rule ? await renewalPackage(trx, row) : undefined;
    await onDepositEvent(trx, events, {
      ...eventBase(row),
      type: "maturity_reminder",
      at: now,
      details: {
        maturity_date: row.maturity_date,
        instruction: row.maturity_instruction,
        ...(rule ? { rate_today: today?.interest_rate ?? null } : {}),
      },
    });
  };

/**
 * The package a deposit renews into: the one in force today for the renewal term (a ladder rung's is
 * the ladder's longest) and currency at the bank that holds the money, the deposit's own first. A
 * rung whose bank does not offer the ladder's longest term renews for its own term there
 * (docs/decisions.md "Saver tools"): money does not move between banks on a renewal.
 */
async function renewalPackage(trx: Transaction<DB>, row: repo.DepositRow) {
  const terms = { currency: row.currency, preferredId: row.package_id };
  const ladderTerm = renewalTermMonths({
    termMonths: row.duration_months,
    ladderTermMonths: row.ladder_term_months,
  });
  const pkg = await packageInForce(trx, { ...terms, durationMonths: ladderTerm });
  if (pkg || ladderTerm === row.duration_months) return pkg;
  return packageInForce(trx, { ...terms, durationMonths: row.duration_months });
}

/** Renew into which package and term, or pay out: the instruction, its threshold and today's offer. */
async function renewal(trx: Transaction<DB>, row: repo.DepositRow) {
  const pkg = row.maturity_instruction === "payout" ? undefined : await renewalPackage(trx, row);
  const decision = decideRenewal({
    instruction: row.maturity_instruction,
    minRateBasisPoints: row.renew_min_rate === null ? null : toBasisPoints(row.renew_min_rate),
    termMonths:
      pkg?.duration_months ??
      renewalTermMonths({ termMonths: row.duration_months, ladderTermMonths: row.ladder_term_months }),
    offeredRateBasisPoints: pkg ? toBasisPoints(pkg.interest_rate) : null,
  });
  return { pkg, decision };
}

/**
 * Maturity: the interest is credited, then the saver's instruction is carried out. Payout: principal
 * and interest are ordered to the reference account and the deposit waits as payout_pending until the
 * bank books the payment (deposit-payouts.ts). Renew principal: the interest is paid out, the principal
 * carried into a new deposit. Renew all: principal and interest are carried over. The new deposit runs
 * for the same term at the rate in force that day, from the maturity date; without a package for that
 * term any more, everything is paid out. The deposit row is locked and must be active, and each
 * ledger kind is booked once per deposit, so the step cannot happen twice.
 */
const maturity =
  (events: EventBus): JobHandler =>
  async (trx, job, now) => {
    const row = await repo.lockDeposit(trx, depositIdOf(job));
    if (row?.status !== "active" || !row.maturity_date) return;
    const { principalCents, interestCents } = depositFigures(row);
    const valueDate = row.maturity_date;
    const book = (kind: Parameters<typeof repo.addLedgerEntry>[1]["kind"], cents: bigint, source: string) =>
      repo.addLedgerEntry(trx, {
        deposit_id: row.id,
        kind,
        amount_cents: cents,
        value_date: valueDate,
        source,
        booked_at: now,
      });
    await book("interest_credited", interestCents, "maturity");
    await onDepositEvent(trx, events, {
      ...eventBase(row),
      type: "matured",
      at: now,
      details: { interest_cents: String(interestCents), maturity_date: valueDate },
    });

    const { pkg, decision } = await renewal(trx, row);
    if (!pkg || decision.action === "payout") {
      // The payout is ordered; the deposit is paid_out once the bank books it (deposit-payouts.ts).
      const pending = await repo.updateDepositReturning(trx, row.id, {
        status: "payout_pending",
        matured_at: now,
        updated_at: now,
      });
      await orderPayout(trx, events, pending, {
        source: "maturity_payout",
        amountCents: principalCents + interestCents,
        principalCents,
        interestCents,
        now,
        // Why a deposit that was to renew is paid out: the saver is told with the order.
        renewal:
          decision.action === "payout" && decision.reason === "below_threshold" && pkg
            ? { rateBelowThreshold: pkg.interest_rate }
            : decision.action === "payout" && decision.reason === "not_offered"
              ? { notOffered: true }
              : undefined,
      });
      return;
    }

    const renewAll = decision.carry === "all";
    const newAmount = renewAll ? principalCents + interestCents : principalCents;
    const paidNow = renewAll ? 0n : interestCents;
    await book("carried_to_renewal", newAmount, "renewal");
    const maturityDate = addMonths(valueDate, decision.termMonths);
    const next = await repo.insertDeposit(trx, {
      application_id: row.application_id,
      user_id: row.user_id,
      package_id: pkg.id,
      previous_deposit_id: row.id,
      reference: depositReference(await repo.nextReferenceNumber(trx)),
      status: "active",
      amount_cents: String(newAmount),
      currency: row.currency.trim(),
      interest_rate: pkg.interest_rate,
      duration_months: decision.termMonths,
      maturity_instruction: row.maturity_instruction,
      renew_min_rate: row.renew_min_rate,
      ladder_term_months: row.ladder_term_months,
      payer_iban: row.payer_iban,
      bank_holder: row.bank_holder,
      bank_iban: row.bank_iban,
      bank_bic: row.bank_bic,
      bank_name: row.bank_name,
      early_closure: pkg.early_closure,
      approved_at: now,
      funding_deadline: null,
      funded_at: now,
      value_date: valueDate,
      maturity_date: maturityDate,
      created_at: now,
      updated_at: now,
    });
    await repo.addLedgerEntry(trx, {
      deposit_id: next.id,
      kind: "principal_received",
      amount_cents: newAmount,
      value_date: valueDate,
      source: "renewal",
      booked_at: now,
    });
    await scheduleMaturity(trx, next.id, maturityDate);
    await repo.updateDeposit(trx, row.id, {
      status: "renewed",
      matured_at: now,
      renewed_at: now,
      updated_at: now,
    });
    const rateCheck = simpleInterest({
      principalCents: newAmount,
      rateBasisPoints: depositFigures({
        amount_cents: Number(newAmount),
        interest_rate: pkg.interest_rate,
        duration_months: decision.termMonths,
      }).rateBasisPoints,
      months: decision.termMonths,
    });
    await onDepositEvent(trx, events, {
      ...eventBase(row),
      type: "renewed",
      at: now,
      details: {
        next_deposit_id: next.id,
        payout_cents: String(paidNow),
        new_amount_cents: String(newAmount),
        new_rate: pkg.interest_rate,
        new_maturity_date: maturityDate,
        new_expected_interest_cents: String(rateCheck.interestCents),
      },
    });
    // The interest of a principal-only renewal leaves as a payment order (booked when the bank does).
    if (paidNow > 0n) {
      await orderPayout(
        trx,
        events,
        { ...row, status: "renewed" },
        {
          source: "renewal_interest",
          amountCents: paidNow,
          principalCents: 0n,
          interestCents: paidNow,
          now,
        },
      );
    }
    await onDepositEvent(trx, events, {
      depositId: next.id,
      applicationId: row.application_id,
      userId: row.user_id,
      type: "renewal_created",
      at: now,
      deposit: next,
      details: { previous_deposit_id: row.id, value_date: valueDate, maturity_date: maturityDate },
    });
  };

/** The deposit jobs, publishing their events to this app's subscribers. */
export const depositJobHandlers = (events: EventBus): Readonly<Record<string, JobHandler>> => ({
  [JOB_NAMES.lapse]: lapse(events),
  [JOB_NAMES.reminder]: reminder(events),
  [JOB_NAMES.maturity]: maturity(events),
});

export { businessDate };
