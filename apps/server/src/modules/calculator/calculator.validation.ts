import {
  CURRENCIES,
  type Currency,
  DURATIONS_MONTHS,
  LIMITS,
  moneyFromJsonNumber,
  toBasisPoints,
} from "@festgeld/domain";
import type { FastifySchemaCompiler } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";

const KEYS = ["amount", "duration_months", "interest_rate", "currency"] as const;

/**
 * Whether `body` is a calculator request that the contract's schema (calculateRequestSchema: exactly
 * these four fields, the amount and rate within the limits with at most two decimals, a listed term and
 * currency) certainly accepts unchanged. False says nothing: zod then decides, and words any error.
 */
export function isPlainCalculateRequest(body: unknown): boolean {
  if (typeof body !== "object" || body === null || Object.getPrototypeOf(body) !== Object.prototype)
    return false;
  const fields = body as Record<string, unknown>;
  if (Object.keys(fields).length !== KEYS.length) return false;
  for (const key of KEYS) if (!Object.hasOwn(fields, key)) return false;
  const { amount, duration_months: months, interest_rate: rate, currency } = fields;
  return (
    typeof currency === "string" &&
    (CURRENCIES as readonly string[]).includes(currency) &&
    typeof amount === "number" &&
    amount >= LIMITS.minAmount &&
    amount <= LIMITS.maxAmount &&
    moneyFromJsonNumber(amount, currency as Currency) !== null &&
    typeof months === "number" &&
    (DURATIONS_MONTHS as readonly number[]).includes(months) &&
    typeof rate === "number" &&
    rate >= LIMITS.minRate &&
    rate <= LIMITS.maxRate &&
    toBasisPoints(rate) !== null
  );
}

/**
 * The route's validator: the body a form sends passes the check above without zod's general machinery
 * (a hot path, docs/decisions.md "Hot paths"); anything else, and every other part, goes to zod as on
 * every route, so errors keep their shape and wording.
 */
export const calculateValidatorCompiler: FastifySchemaCompiler<unknown> = (route) => {
  const zod = (validatorCompiler as unknown as FastifySchemaCompiler<unknown>)(route);
  if (route.httpPart !== "body") return zod;
  return (data: unknown) => (isPlainCalculateRequest(data) ? { value: data } : zod(data));
};
