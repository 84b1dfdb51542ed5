import { LIMITS } from "@festgeld/domain/constants";
import { parseDecimal } from "../../lib/decimal.ts";
import { formatMoney } from "../../lib/format.ts";
import { i18n } from "../../lib/i18n.ts";
import { amountProblem, rateProblem } from "../../lib/validation.ts";

/**
 * The checks of an amount and a rate as the saver types them, shared by the application form and the
 * calculator (components/money/amount-field.tsx draws the field). Amounts and rates are read in the
 * saver's language through lib/decimal.ts ("10.000,50" and "3,75" in German); each problem is worded
 * in that language, the limits as money.
 */

/** Amounts go in steps of 100 (on the application and in the calculator). */
export const AMOUNT_STEP = 100;

export interface AmountRule {
  min?: number | undefined;
  max?: number | undefined;
  /** The limits are those of a chosen package ("between … and … for this package"). */
  ofPackage?: boolean | undefined;
  currency?: string | undefined;
  /** The bare currency symbol, where the currency is chosen beside the amount. */
  narrow?: boolean | undefined;
}

/** The translated problem of an amount typed in `language`, or null when it is a valid amount. */
export function amountMessage(text: string, language: string, rule: AmountRule = {}): string | null {
  const { min = LIMITS.minAmount, max = LIMITS.maxAmount, currency = "EUR", narrow = false } = rule;
  const problem = amountProblem(text, { min, max, step: AMOUNT_STEP, currency }, language);
  if (!problem) return null;
  const money = (value: number) => formatMoney(value, currency, language, { whole: true, narrow });
  const key = rule.ofPackage && (problem === "min" || problem === "max") ? "package" : problem;
  return i18n.t(`invest:validation.amount.${key}`, {
    min: money(min),
    max: money(max),
    step: money(AMOUNT_STEP),
  });
}

/** The translated problem of an interest rate in percent typed in `language`, or null. */
export function rateMessage(text: string, language: string): string | null {
  const limits = { min: LIMITS.minRate, max: LIMITS.maxRate };
  const problem = rateProblem(text, limits, language);
  return problem ? i18n.t(`invest:validation.rate.${problem}`, limits) : null;
}

/** A number typed in `language`, or NaN when it is none (the contract's schema then refuses it). */
export function decimalValue(text: string, language: string): number {
  return parseDecimal(text, language) ?? Number.NaN;
}
