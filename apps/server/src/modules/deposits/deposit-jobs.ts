import {
  decideRenewal,
  depositPlan,
  depositReference,
  maturitySettlement,
  renewalCarry,
  renewalTermMonths,
  toBasisPoints,
} from "@festgeld/domain";
import type { Transaction } from "kysely";
import type { BatchJobHandler, ClaimedJob, JobHandler } from "../../db/job-queue.ts";
import type { DB } from "../../db/schema.ts";
import type { EventBus } from "../../plugins/events.ts";
import { packageInForce } from "../packages/packages.service.ts";
import { depositFigures } from "./deposit.mapper.ts";
import { aboutDeposit, onDepositEvent, onDepositEvents } from "./deposit-events.ts";
import { monthlyInterestJob, payDueInterest } from "./deposit-interest.ts";
import { orderPayouts } from "./deposit-payouts.ts";
import * as repo from "./deposits.repository.ts";
import { businessDate, JOB_NAMES, maturityJobs } from "./deposits.service.ts";

const depositIdOf = (job: ClaimedJob) => {
  const id = job.payload.deposit_id;
  if (typeof id !== "string") throw new Error(`job ${job.key} names no deposit`);
  return id;
};

/** No money 14 days after approval: the deposit lapses (stated on the terms page). */
const lapse =
  (events: EventBus): JobHandler =>
  async (trx, job, now) => {
    const row = await repo.lockDeposit(trx, depositIdOf(job));
    if (row?.status !== "awaiting_funds") return;
    await repo.updateDeposit(trx, row.id, { status: "lapsed", lapsed_at: now, updated_at: now });
    await onDepositEvent(trx, events, {
      ...aboutDeposit(row),
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
    const today = rule ? await renewalPackage(row, (terms) => packageInForce(trx, terms)) : undefined;
    await onDepositEvent(trx, events, {
      ...aboutDeposit(row),
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
async function renewalPackage(row: repo.DepositRow, inForce: InForce) {
  const terms = { currency: row.currency, preferredId: row.package_id };
  const ladderTerm = renewalTermMonths({
    termMonths: row.duration_months,
    ladderTermMonths: row.ladder_term_months,
  });
  const pkg = await inForce({ ...terms, durationMonths: ladderTerm });
  if (pkg || ladderTerm === row.duration_months) return pkg;
  return inForce({ ...terms, durationMonths: row.duration_months });
}

/** How the package in force for some terms is read (directly, or once per batch). */
type InForce = (terms: {
  durationMonths: number;
  currency: string;
  preferredId: string;
}) => ReturnType<typeof packageInForce>;

/** Renew into which package and term, or pay out: the instruction, its threshold and today's offer. */
async function renewal(row: repo.DepositRow, inForce: InForce) {
  const pkg = row.maturity_instruction === "payout" ? undefined : await renewalPackage(row, inForce);
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

type PackageRow = NonNullable<Awaited<ReturnType<typeof packageInForce>>>;

/**
 * Maturity, for a batch of due deposits in one transaction (docs/decisions.md "Maturity at scale"):
 * the interest is credited, then each saver's instruction is carried out. Payout: principal and
 * interest are ordered to the reference account and the deposit waits as payout_pending until the
 * bank books the payment (deposit-payouts.ts). Renew principal: the interest is paid out (an order),
 * the principal carried into a new deposit. Renew all: principal and interest are carried over. The
 * new deposit runs for the renewal term at the rate in force that day at the bank that holds the
 * money, from the maturity date; without a package for that term any more, or below the saver's
 * threshold, everything is paid out.
 *
 * Figures and decisions are made per deposit in TypeScript with the domain's functions (interest
 * rounding, renewal rule); the writes go set-based over the whole batch: one statement each for the
 * status changes, the new deposits, their jobs, the payment orders, the timeline, and, through the
 * batch subscribers, the journal (the money, written once: the per-deposit ledger is derived from
 * it) and the queued messages. The deposit rows are locked and must be active, and each journal
 * entry's reference is unique, so a deposit is never settled twice. A batch of one is the single-deposit case (the job queue reruns a failed batch job
 * by job).
 */
const maturities =
  (events: EventBus): BatchJobHandler =>
  async (trx, jobs, now) => {
    const locked = await repo.lockDeposits(trx, jobs.map(depositIdOf));
    const rows = locked.filter((row) => row.status === "active" && row.maturity_date);
    if (rows.length === 0) return;
    const settled = await settleFigures(trx, events, rows, now);
    await onDepositEvents(
      trx,
      events,
      settled.map((s) => ({
        ...aboutDeposit(s.row),
        type: "matured" as const,
        at: now,
        details: { interest_cents: String(s.interestCents), maturity_date: s.row.maturity_date as string },
      })),
    );
    const { payouts, renewals } = byOutcome(settled);
    // Payouts: the deposit waits as payout_pending until the bank books the order.
    const pending = new Map(
      (
        await repo.updateDepositsReturning(
          trx,
          payouts.map((s) => s.row.id),
          { status: "payout_pending", matured_at: now, updated_at: now },
        )
      ).map((row) => [row.id, row]),
    );
    const renewed = await renew(trx, events, await planRenewals(trx, renewals), now);
    await orderMaturityPayouts(trx, events, payouts, pending, renewed, now);
    await onDepositEvents(
      trx,
      events,
      renewed.map((r) => ({
        ...aboutDeposit(r.next),
        type: "renewal_created" as const,
        at: now,
        details: { previous_deposit_id: r.row.id, value_date: r.valueDate, maturity_date: r.maturityDate },
      })),
    );
  };

/** Today's offer per renewal term, read once per (term, currency, preferred package) in a batch. */
function batchInForce(trx: Transaction<DB>): InForce {
  const offers = new Map<string, Promise<PackageRow | undefined>>();
  return (terms) => {
    const key = `${terms.durationMonths}|${terms.currency}|${terms.preferredId}`;
    let offer = offers.get(key);
    if (!offer) {
      offer = packageInForce(trx, terms);
      offers.set(key, offer);
    }
    return offer;
  };
}

/** Per deposit: the months still due paid, what the maturity date settles, and the renewal decision. */
async function settleFigures(trx: Transaction<DB>, events: EventBus, rows: repo.DepositRow[], now: Date) {
  const inForce = batchInForce(trx);
  const settled = [];
  for (const row of rows) {
    // A monthly deposit's months not paid yet (the last falls on this day) are paid first, each once.
    await payDueInterest(trx, events, row, now);
    // What the maturity date settles, per the plan: the principal, and the interest no month carried.
    const { plan } = depositFigures(row);
    const { principalCents, interestCents } = maturitySettlement(plan);
    settled.push({ row, plan, principalCents, interestCents, ...(await renewal(row, inForce)) });
  }
  return settled;
}

type Settled = Awaited<ReturnType<typeof settleFigures>>[number];

function byOutcome(settled: Settled[]) {
  return {
    payouts: settled.filter((s) => !s.pkg || s.decision.action === "payout"),
    renewals: settled.flatMap((s) =>
      s.pkg && s.decision.action === "renew" ? [{ ...s, pkg: s.pkg, decision: s.decision }] : [],
    ),
  };
}

/** Each renewal's new plan: the carried amount at the renewal rate and term, and its reference. */
async function planRenewals(trx: Transaction<DB>, renewals: ReturnType<typeof byOutcome>["renewals"]) {
  const references = await repo.nextReferenceNumbers(trx, renewals.length);
  return renewals.map((s, i) => {
    const valueDate = s.row.maturity_date as string;
    const { carriedCents, paidNowCents } = renewalCarry(s.plan, s.decision.carry);
    // The new deposit's plan: the carried amount at the renewal rate and term, paying interest as before.
    const nextPlan = depositPlan({
      principalCents: carriedCents,
      rateBasisPoints: toBasisPoints(s.pkg.interest_rate) ?? 0n,
      months: s.decision.termMonths,
      startDate: valueDate,
      interestPayout: s.row.interest_payout,
    });
    return {
      ...s,
      valueDate,
      newAmount: carriedCents,
      paidNow: paidNowCents,
      nextPlan,
      maturityDate: nextPlan.maturityDate,
      reference: depositReference(references[i] as number),
    };
  });
}

type PlannedRenewal = Awaited<ReturnType<typeof planRenewals>>[number];

/** Renewals: a new deposit each, its jobs; the old one renewed (the carry-over is the journal's). */
async function renew(trx: Transaction<DB>, events: EventBus, planned: PlannedRenewal[], now: Date) {
  const created = await repo.insertDeposits(
    trx,
    planned.map((p) => ({
      application_id: p.row.application_id,
      user_id: p.row.user_id,
      package_id: p.pkg.id,
      previous_deposit_id: p.row.id,
      reference: p.reference,
      status: "active",
      amount_cents: String(p.newAmount),
      currency: p.row.currency.trim(),
      interest_rate: p.pkg.interest_rate,
      duration_months: p.decision.termMonths,
      maturity_instruction: p.row.maturity_instruction,
      renew_min_rate: p.row.renew_min_rate,
      ladder_term_months: p.row.ladder_term_months,
      payer_iban: p.row.payer_iban,
      bank_holder: p.row.bank_holder,
      bank_iban: p.row.bank_iban,
      bank_bic: p.row.bank_bic,
      bank_name: p.row.bank_name,
      early_closure: p.pkg.early_closure,
      // A renewal keeps the deposit's interest payout: a monthly deposit goes on paying monthly.
      interest_payout: p.row.interest_payout,
      approved_at: now,
      funding_deadline: null,
      funded_at: now,
      value_date: p.valueDate,
      maturity_date: p.maturityDate,
      created_at: now,
      updated_at: now,
    })),
  );
  const renewed = planned.map((p) => ({ ...p, next: created.get(p.row.id) as repo.DepositRow }));
  await repo.scheduleJobs(
    trx,
    renewed.flatMap((r) => maturityJobs(r.next.id, r.maturityDate, r.nextPlan)),
  );
  await repo.updateDeposits(
    trx,
    renewed.map((r) => r.row.id),
    { status: "renewed", matured_at: now, renewed_at: now, updated_at: now },
  );
  await onDepositEvents(
    trx,
    events,
    renewed.map((r) => ({
      ...aboutDeposit(r.row),
      type: "renewed" as const,
      at: now,
      details: {
        next_deposit_id: r.next.id,
        payout_cents: String(r.paidNow),
        new_amount_cents: String(r.newAmount),
        new_rate: r.pkg.interest_rate,
        new_maturity_date: r.maturityDate,
        new_expected_interest_cents: String(r.nextPlan.totalInterestCents),
      },
    })),
  );
  return renewed;
}

/** Why a deposit that was to renew is paid out: the saver is told with the order. */
function payoutReason(s: Settled) {
  if (s.decision.action === "payout" && s.decision.reason === "below_threshold" && s.pkg) {
    return { rateBelowThreshold: s.pkg.interest_rate };
  }
  if (s.decision.action === "payout" && s.decision.reason === "not_offered") {
    return { notOffered: true } as const;
  }
  return undefined;
}

/**
 * The money that leaves: a payout order per paid-out deposit, the interest of a principal-only renewal
 * (booked when the bank does).
 */
async function orderMaturityPayouts(
  trx: Transaction<DB>,
  events: EventBus,
  payouts: Settled[],
  pending: ReadonlyMap<string, repo.DepositRow>,
  renewed: Awaited<ReturnType<typeof renew>>,
  now: Date,
) {
  await orderPayouts(
    trx,
    events,
    [
      ...payouts.map((s) => ({
        row: pending.get(s.row.id) as repo.DepositRow,
        input: {
          source: "maturity_payout" as const,
          amountCents: s.principalCents + s.interestCents,
          principalCents: s.principalCents,
          interestCents: s.interestCents,
          now,
          renewal: payoutReason(s),
        },
      })),
      ...renewed
        .filter((r) => r.paidNow > 0n)
        .map((r) => ({
          row: { ...r.row, status: "renewed" as const },
          input: {
            source: "renewal_interest" as const,
            amountCents: r.paidNow,
            principalCents: 0n,
            interestCents: r.paidNow,
            now,
          },
        })),
    ],
    now,
  );
}

/** The deposit jobs, publishing their events to this app's subscribers. */
export const depositJobHandlers = (events: EventBus): Readonly<Record<string, JobHandler>> => ({
  [JOB_NAMES.lapse]: lapse(events),
  [JOB_NAMES.reminder]: reminder(events),
  [JOB_NAMES.monthlyInterest]: monthlyInterestJob(events),
});

/** The deposit jobs that run in batches: maturity (set-based settlement). */
export const depositBatchJobHandlers = (events: EventBus): Readonly<Record<string, BatchJobHandler>> => ({
  [JOB_NAMES.maturity]: maturities(events),
});

export { businessDate };
