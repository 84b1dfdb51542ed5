import type { EarlyClosureRule, InterestPayout } from "../constants.ts";
import { accruedInterest, depositPlan } from "./plan.ts";
import { wholeMonthsBetween } from "./term.ts";

export { wholeMonthsBetween };

export interface EarlyClosureInput {
  principalCents: bigint;
  rateBasisPoints: bigint;
  rule: Exclude<EarlyClosureRule, "not_allowed">;
  /** The day the term started (value date of the money). */
  valueDate: string;
  /** The day the deposit is closed. */
  closeDate: string;
  /** The deposit's term and interest payout (its plan); absent: a deposit paying interest at maturity. */
  months?: number;
  interestPayout?: InterestPayout;
  /** Interest the deposit has already paid out (a monthly deposit's payments so far). */
  interestPaidCents?: bigint;
}

export interface EarlyClosureFigures {
  monthsHeld: number;
  /**
   * The interest the closure credits: what the rule grants for the months held less what was paid already.
   * Negative when more was paid than the rule grants (a monthly deposit under `no_interest`): that much is
   * taken back from the principal.
   */
  interestCents: bigint;
  payoutCents: bigint;
}

/**
 * What a deposit closed before maturity pays: `no_interest` gives the principal back without
 * interest; `pro_rata` adds the interest its plan accrued for the whole months held (a month begun earns
 * nothing: plan.ts `accruedInterest`). Interest already paid (monthly payments) is deducted, so the saver is
 * never paid the same interest twice and never more than the rule grants.
 */
export function earlyClosureFigures(input: EarlyClosureInput): EarlyClosureFigures {
  const months = input.months ?? Math.max(1, wholeMonthsBetween(input.valueDate, input.closeDate));
  const plan = depositPlan({
    principalCents: input.principalCents,
    rateBasisPoints: input.rateBasisPoints,
    months,
    startDate: input.valueDate,
    interestPayout: input.interestPayout ?? "at_maturity",
  });
  const accrued = accruedInterest(plan, input.closeDate);
  const granted = input.rule === "pro_rata" ? accrued.interestCents : 0n;
  const interestCents = granted - (input.interestPaidCents ?? 0n);
  return {
    monthsHeld: wholeMonthsBetween(input.valueDate, input.closeDate),
    interestCents,
    payoutCents: input.principalCents + interestCents,
  };
}
