import type { EarlyClosureRule } from "../constants.ts";
import { simpleInterest } from "./interest.ts";
import { addMonths } from "./term.ts";

/**
 * Whole calendar months from `from` to `to` (ISO dates): the largest n with from + n months <= to,
 * counted with the same month arithmetic as the term (addMonths).
 */
export function wholeMonthsBetween(from: string, to: string): number {
  if (to < from) return 0;
  const [fy, fm] = from.split("-").map(Number) as [number, number];
  const [ty, tm] = to.split("-").map(Number) as [number, number];
  let months = (ty - fy) * 12 + (tm - fm);
  while (months > 0 && addMonths(from, months) > to) months--;
  return months;
}

export interface EarlyClosureInput {
  principalCents: bigint;
  rateBasisPoints: bigint;
  rule: Exclude<EarlyClosureRule, "not_allowed">;
  /** The day the term started (value date of the money). */
  valueDate: string;
  /** The day the deposit is closed. */
  closeDate: string;
}

export interface EarlyClosureFigures {
  monthsHeld: number;
  interestCents: bigint;
  payoutCents: bigint;
}

/**
 * What a deposit closed before maturity pays: `no_interest` gives the principal back without
 * interest; `pro_rata` adds simple interest at the deposit's rate for the whole months held (a month
 * begun earns nothing), computed like the interest at maturity.
 */
export function earlyClosureFigures(input: EarlyClosureInput): EarlyClosureFigures {
  const monthsHeld = wholeMonthsBetween(input.valueDate, input.closeDate);
  const interestCents =
    input.rule === "pro_rata" && monthsHeld > 0
      ? simpleInterest({
          principalCents: input.principalCents,
          rateBasisPoints: input.rateBasisPoints,
          months: monthsHeld,
        }).interestCents
      : 0n;
  return { monthsHeld, interestCents, payoutCents: input.principalCents + interestCents };
}
