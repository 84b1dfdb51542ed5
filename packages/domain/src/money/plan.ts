import type { InterestPayout } from "../constants.ts";
import { centsToNumber, divideHalfUp, simpleInterest, toBasisPoints, toCents } from "./interest.ts";
import { addMonths, wholeMonthsBetween } from "./term.ts";

/**
 * A deposit's cash-flow plan (docs/decisions.md "A deposit's plan"): from principal, rate, term, value date
 * and the package's interest payout, every payment the deposit makes, dated and in cents. The maturity job,
 * the monthly interest job, the payment orders, the journal, holdings, tax statements, messages, early
 * closure and the calculator read it; nothing else computes interest.
 */

export interface PlanInput {
  principalCents: bigint;
  /** Percent per year in hundredths (3.5 % = 350). */
  rateBasisPoints: bigint;
  months: number;
  /** The value date: the term starts on it (a calendar date in the business time zone). */
  startDate: string;
  interestPayout: InterestPayout;
}

export interface PlannedPayment {
  kind: "interest" | "principal";
  /** The day it is due: start + n months, with the term's month arithmetic (term.ts `addMonths`). */
  date: string;
  /** The month it closes: 1 .. months (the principal's is the last month). */
  month: number;
  amountCents: bigint;
}

export interface DepositPlan extends PlanInput {
  maturityDate: string;
  /** The closed formula: principal x rate x months / 12, half-up to the cent. */
  totalInterestCents: bigint;
  /** One month's interest, half-up: what each monthly payment is (the last takes the remainder). */
  monthlyInterestCents: bigint;
  /** Dated payments, in date order; a day's interest comes before its principal. */
  payments: PlannedPayment[];
}

/**
 * The payments of a deposit. at_maturity: the whole interest and the principal on the maturity date.
 * monthly: one interest payment at the end of every month of the term, each one month's interest rounded
 * half-up, never more than what is left of the total; the last takes the remainder, so the payments add up
 * to the closed formula's total interest exactly (and none is negative); the principal at maturity.
 */
export function depositPlan(input: PlanInput): DepositPlan {
  const { principalCents, rateBasisPoints, months, startDate, interestPayout } = input;
  if (principalCents < 0n) throw new RangeError("the principal must not be negative");
  if (rateBasisPoints < 0n) throw new RangeError("the rate must not be negative");
  const totalInterestCents = simpleInterest({ principalCents, rateBasisPoints, months }).interestCents;
  const monthlyInterestCents = divideHalfUp(principalCents * rateBasisPoints, 10_000n * 12n);
  const maturityDate = addMonths(startDate, months);
  const payments: PlannedPayment[] = [];
  if (interestPayout === "monthly") {
    let paid = 0n;
    for (let month = 1; month <= months; month++) {
      const left = totalInterestCents - paid;
      // The last month, or one where a month's share would pass the total, pays what is left.
      const lastOrShort = month === months || left < monthlyInterestCents;
      const amountCents = lastOrShort ? left : monthlyInterestCents;
      payments.push({ kind: "interest", date: addMonths(startDate, month), month, amountCents });
      paid += amountCents;
    }
  } else {
    payments.push({ kind: "interest", date: maturityDate, month: months, amountCents: totalInterestCents });
  }
  payments.push({ kind: "principal", date: maturityDate, month: months, amountCents: principalCents });
  // Field by field, not `{ ...input, ... }`: a spread followed by more properties is a runtime call in
  // Node 20's V8, about 2 µs against 60 ns (docs/decisions.md "Hot paths, fifth pass"), and the calculator
  // makes a plan per request.
  return {
    principalCents,
    rateBasisPoints,
    months,
    startDate,
    interestPayout,
    maturityDate,
    totalInterestCents,
    monthlyInterestCents,
    payments,
  };
}

/** The plan's interest payments (one for at_maturity, one per month for monthly). */
export function interestPayments(plan: DepositPlan): PlannedPayment[] {
  return plan.payments.filter((p) => p.kind === "interest");
}

/** The interest payments a monthly deposit makes during its term, due on or before `date`. */
export function monthlyPaymentsDue(plan: DepositPlan, date: string): PlannedPayment[] {
  if (plan.interestPayout !== "monthly") return [];
  return interestPayments(plan).filter((p) => p.date <= date);
}

/** The sum of the plan's interest payments due on or before `date`. */
export function interestPaidBy(plan: DepositPlan, date: string): bigint {
  return interestPayments(plan)
    .filter((p) => p.date <= date)
    .reduce((sum, p) => sum + p.amountCents, 0n);
}

/**
 * The interest a deposit has earned by `date`, for whole months held (a month begun earns nothing), capped at
 * the term: at_maturity, the closed formula for those months (what the early-closure rule pays); monthly,
 * the payments of those months (what the saver has been paid, or is owed, by then).
 */
export function accruedInterest(
  plan: DepositPlan,
  date: string,
): { monthsHeld: number; interestCents: bigint } {
  const monthsHeld = Math.min(wholeMonthsBetween(plan.startDate, date), plan.months);
  if (monthsHeld === 0) return { monthsHeld, interestCents: 0n };
  if (plan.interestPayout === "monthly") {
    return { monthsHeld, interestCents: interestPaidBy(plan, addMonths(plan.startDate, monthsHeld)) };
  }
  const { interestCents } = simpleInterest({
    principalCents: plan.principalCents,
    rateBasisPoints: plan.rateBasisPoints,
    months: monthsHeld,
  });
  return { monthsHeld, interestCents };
}

/**
 * What the maturity date settles: the principal, and the interest due that day that no monthly payment
 * carries (all of it for at_maturity; nothing for monthly, whose last month is a monthly payment).
 */
export function maturitySettlement(plan: DepositPlan): { principalCents: bigint; interestCents: bigint } {
  return {
    principalCents: plan.principalCents,
    interestCents: plan.interestPayout === "monthly" ? 0n : plan.totalInterestCents,
  };
}

/**
 * What a renewal carries into the new deposit and what it pays out now. `all` carries the interest the
 * maturity settles along with the principal; `principal` pays it out. A monthly deposit's interest was paid
 * month by month, so either way only the principal is carried and nothing more is paid.
 */
export function renewalCarry(
  plan: DepositPlan,
  carry: "principal" | "all",
): { carriedCents: bigint; paidNowCents: bigint } {
  const { principalCents, interestCents } = maturitySettlement(plan);
  return carry === "all"
    ? { carriedCents: principalCents + interestCents, paidNowCents: 0n }
    : { carriedCents: principalCents, paidNowCents: interestCents };
}

/**
 * The calculator's figures from plain numbers (the web app's forms and the compare table), read from the
 * plan: the total interest, the average month's interest (total / months, half-up, as the calculator has
 * always shown it) and, for monthly payout, the payments by month. Null on invalid input.
 */
export function calculateReturn(input: {
  amount: number;
  ratePercent: number;
  months: number;
  interestPayout?: InterestPayout;
}): {
  principal: number;
  total_interest: number;
  monthly_interest: number;
  total_amount: number;
  /** For monthly payout only: each month's payment. */
  interest_payments?: Array<{ month: number; amount: number }>;
} | null {
  const principalCents = toCents(input.amount);
  const rateBasisPoints = toBasisPoints(input.ratePercent);
  if (principalCents === null || rateBasisPoints === null) return null;
  if (!Number.isInteger(input.months) || input.months <= 0) return null;
  const plan = depositPlan({
    principalCents,
    rateBasisPoints,
    months: input.months,
    // The calculator has no value date: the months are counted from any day.
    startDate: "2000-01-01",
    interestPayout: input.interestPayout ?? "at_maturity",
  });
  return {
    principal: centsToNumber(principalCents),
    total_interest: centsToNumber(plan.totalInterestCents),
    monthly_interest: centsToNumber(divideHalfUp(plan.totalInterestCents, BigInt(plan.months))),
    total_amount: centsToNumber(principalCents + plan.totalInterestCents),
    ...(plan.interestPayout === "monthly"
      ? {
          interest_payments: interestPayments(plan).map((p) => ({
            month: p.month,
            amount: centsToNumber(p.amountCents),
          })),
        }
      : {}),
  };
}
