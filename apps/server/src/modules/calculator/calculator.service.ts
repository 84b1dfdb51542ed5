import type { CalculateRequest, CalculateResponse } from "@festgeld/domain";
import { basisPointsToPercent, calculateReturn, toBasisPoints } from "@festgeld/domain";
import { badRequest } from "../../lib/errors.ts";

/** The calculator's figures, read from the deposit plan (docs/decisions.md "A deposit's plan"). */
export function calculate(input: CalculateRequest): CalculateResponse {
  const interestPayout = input.interest_payout ?? "at_maturity";
  const result = calculateReturn({
    amount: input.amount,
    ratePercent: input.interest_rate,
    months: input.duration_months,
    interestPayout,
  });
  const rateBasisPoints = toBasisPoints(input.interest_rate);
  // The request schema already refused more than two decimals; this keeps the service safe on its own.
  if (result === null || rateBasisPoints === null) {
    throw badRequest("validation_failed", "Amount and rate take at most two decimal places");
  }
  return {
    principal: result.principal,
    total_interest: result.total_interest,
    monthly_interest: result.monthly_interest,
    total_amount: result.total_amount,
    duration_months: input.duration_months,
    interest_rate: basisPointsToPercent(rateBasisPoints),
    currency: input.currency,
    ...(input.interest_payout ? { interest_payout: interestPayout } : {}),
    ...(result.interest_payments ? { interest_payments: result.interest_payments } : {}),
  };
}
