import type { CalculateRequest, CalculateResponse } from "@festgeld/domain";
import {
  basisPointsToPercent,
  centsToNumber,
  simpleInterest,
  toBasisPoints,
  toCents,
} from "@festgeld/domain";
import { badRequest } from "../../lib/errors.ts";

/** Simple interest for the calculator, exactly. */
export function calculate(input: CalculateRequest): CalculateResponse {
  const principalCents = toCents(input.amount);
  const rateBasisPoints = toBasisPoints(input.interest_rate);
  // The request schema already refused more than two decimals; this keeps the service safe on its own.
  if (principalCents === null || rateBasisPoints === null) {
    throw badRequest("validation_failed", "Amount and rate take at most two decimal places");
  }
  const result = simpleInterest({ principalCents, rateBasisPoints, months: input.duration_months });
  return {
    principal: centsToNumber(result.principalCents),
    total_interest: centsToNumber(result.interestCents),
    monthly_interest: centsToNumber(result.monthlyInterestCents),
    total_amount: centsToNumber(result.totalCents),
    duration_months: input.duration_months,
    interest_rate: basisPointsToPercent(rateBasisPoints),
    currency: input.currency,
  };
}
