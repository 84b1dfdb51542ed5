/**
 * A deposit ladder ("Zinstreppe"): one total spread over several terms, so that part of the money
 * becomes available at each term's end. The split is in whole 100 EUR steps, equal for every rung but
 * the longest, which takes the remainder (docs/decisions.md "Deposit ladder").
 */

/** The step every rung but the longest is a multiple of: 100 EUR in cents. */
export const LADDER_STEP_CENTS = 10_000n;

export interface LadderRung {
  termMonths: number;
  amountCents: bigint;
}

/**
 * Splits a total over the terms, shortest first: each rung gets the same whole-100-EUR share
 * (total / rungs, rounded down to 100 EUR), the longest term gets what is left. The terms must be
 * distinct; their order in the request does not matter. The sum of the rungs is always the total.
 */
export function splitLadder({
  totalCents,
  terms,
}: {
  totalCents: bigint;
  terms: readonly number[];
}): LadderRung[] {
  if (terms.length === 0) throw new RangeError("a ladder needs at least one term");
  if (new Set(terms).size !== terms.length) throw new RangeError("the terms of a ladder must be distinct");
  if (totalCents < 0n) throw new RangeError("the total must not be negative");
  const sorted = [...terms].sort((a, b) => a - b);
  const count = BigInt(sorted.length);
  const share = (totalCents / count / LADDER_STEP_CENTS) * LADDER_STEP_CENTS;
  return sorted.map((termMonths, i) => ({
    termMonths,
    amountCents: i === sorted.length - 1 ? totalCents - share * (count - 1n) : share,
  }));
}

/** The limits of the package offered for a term, in cents. */
export interface RungLimits {
  minCents: bigint;
  maxCents: bigint;
}

export type LadderProblem =
  | { index: number; termMonths: number; code: "ladder_term_not_offered" }
  | {
      index: number;
      termMonths: number;
      code: "ladder_rung_below_minimum" | "ladder_rung_above_maximum";
      amountCents: bigint;
      limitCents: bigint;
    };

/**
 * What is wrong with each rung of a split against the packages on offer (`limitsOf` answers
 * undefined for a term no package offers). `index` is the rung's position in the request's `terms`,
 * so that the error names the field the saver typed.
 */
export function ladderProblems(
  rungs: readonly LadderRung[],
  requestedTerms: readonly number[],
  limitsOf: (termMonths: number) => RungLimits | undefined,
): LadderProblem[] {
  const problems: LadderProblem[] = [];
  for (const rung of rungs) {
    const index = requestedTerms.indexOf(rung.termMonths);
    const limits = limitsOf(rung.termMonths);
    if (!limits) {
      problems.push({ index, termMonths: rung.termMonths, code: "ladder_term_not_offered" });
    } else if (rung.amountCents < limits.minCents) {
      problems.push({
        index,
        termMonths: rung.termMonths,
        code: "ladder_rung_below_minimum",
        amountCents: rung.amountCents,
        limitCents: limits.minCents,
      });
    } else if (rung.amountCents > limits.maxCents) {
      problems.push({
        index,
        termMonths: rung.termMonths,
        code: "ladder_rung_above_maximum",
        amountCents: rung.amountCents,
        limitCents: limits.maxCents,
      });
    }
  }
  return problems.sort((a, b) => a.index - b.index);
}
