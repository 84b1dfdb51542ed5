import { PHONE_LIMITS, PHONE_PATTERN } from "@festgeld/domain/constants";
import { toBasisPoints } from "@festgeld/domain/interest";
import { compare, moneyFromJsonNumber } from "@festgeld/domain/money";
import { parseDecimal } from "./decimal.ts";
import { currencyOf } from "./money.ts";

/**
 * Browser-side checks that help the saver before a request is sent. The server
 * checks everything again; these only decide which translated hint to show beside a field.
 */
export type AmountProblem = "required" | "number" | "decimals" | "min" | "max" | "step";

/**
 * Checks an amount as typed in `language` (see decimal.ts) against limits in units of `currency` (the euro
 * unless named), all read as Money: the typed text by the forms' codec, the limits as the API's JSON numbers.
 */
export function amountProblem(
  text: string,
  limits: {
    min: number;
    max?: number | undefined;
    step?: number | undefined;
    currency?: string | undefined;
  },
  language = "en",
): AmountProblem | null {
  const trimmed = text.trim();
  if (trimmed === "") return "required";
  const value = parseDecimal(trimmed, language);
  if (value === null || value < 0) return "number";
  const currency = currencyOf(limits.currency);
  // The typed number ("10.000,50" in German is 10000.5) read by the contract's codec, which refuses more
  // decimals than the currency has and amounts beyond what the API carries: the whole part alone tells which.
  const amount = moneyFromJsonNumber(value, currency);
  if (amount === null) return moneyFromJsonNumber(Math.trunc(value), currency) === null ? "max" : "decimals";
  const min = moneyFromJsonNumber(limits.min, currency);
  if (min !== null && compare(amount, min) < 0) return "min";
  const max = limits.max === undefined ? null : moneyFromJsonNumber(limits.max, currency);
  if (max !== null && compare(amount, max) > 0) return "max";
  const step = limits.step === undefined ? null : moneyFromJsonNumber(limits.step, currency);
  if (step !== null && step.cents > 0n && amount.cents % step.cents !== 0n) return "step";
  return null;
}

export type RateProblem = "required" | "number" | "decimals" | "range";

/** A rate in percent: within the limits, at most two decimals (package rates such as 3.99). */
export function rateProblem(
  text: string,
  limits: { min: number; max: number },
  language = "en",
): RateProblem | null {
  const trimmed = text.trim();
  if (trimmed === "") return "required";
  const value = parseDecimal(trimmed, language);
  if (value === null) return "number";
  if (value < limits.min || value > limits.max) return "range";
  if (toBasisPoints(value) === null) return "decimals";
  return null;
}

/** The same rule the server's e-mail check applies in practice: something@domain.tld, no spaces. */
export function isEmail(text: string): boolean {
  const value = text.trim();
  return value.length <= 254 && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[^\s@.]{2,}$/.test(value);
}

/** The server's telephone rule (PHONE_PATTERN, 6 to 20 digits). */
export function isPhone(text: string): boolean {
  const value = text.trim();
  if (value.length > PHONE_LIMITS.maxLength || !PHONE_PATTERN.test(value)) return false;
  const digits = value.replace(/\D/g, "").length;
  return digits >= PHONE_LIMITS.minDigits && digits <= PHONE_LIMITS.maxDigits;
}
