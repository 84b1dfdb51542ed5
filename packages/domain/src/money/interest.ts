/**
 * Exact simple-interest arithmetic.
 *
 * Amounts are integer cents, rates are integer hundredths of a percent (basis points: 3.5 % = 350),
 * all as BigInt so that no product can overflow and no binary floating point enters the calculation.
 */

import { divideRoundHalfUp, readScaledDecimal, writeScaledDecimal } from "./money.ts";

/** Divides two non-negative integers and rounds half-up (half away from zero for positives). */
export function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError("denominator must be positive");
  if (numerator < 0n) throw new RangeError("numerator must not be negative");
  return divideRoundHalfUp(numerator, denominator);
}

export interface InterestInput {
  principalCents: bigint;
  rateBasisPoints: bigint;
  months: number;
}

export interface InterestResult {
  principalCents: bigint;
  interestCents: bigint;
  monthlyInterestCents: bigint;
  totalCents: bigint;
}

/** interest = amount x rate/100 x months/12, rounded half-up to the cent. */
export function simpleInterest({ principalCents, rateBasisPoints, months }: InterestInput): InterestResult {
  if (!Number.isInteger(months) || months <= 0) throw new RangeError("months must be a positive integer");
  const m = BigInt(months);
  // rate in basis points is rate% x 100, so rate/100 = bp / 10_000; times months/12.
  const interestCents = divideHalfUp(principalCents * rateBasisPoints * m, 10_000n * 12n);
  const monthlyInterestCents = divideHalfUp(interestCents, m);
  return {
    principalCents,
    interestCents,
    monthlyInterestCents,
    totalCents: principalCents + interestCents,
  };
}

/**
 * Parses a non-negative decimal number with at most `scale` fractional digits into an integer of that scale,
 * by the money module's one reader (`readScaledDecimal`). Null when it has more fractional digits, is
 * negative, or is not finite.
 */
export function decimalToScaledInt(value: number | string, scale: number): bigint | null {
  const scaled = readScaledDecimal(value, scale);
  return scaled === null || scaled < 0n ? null : scaled;
}

/**
 * The money edge, one of a pair with `centsToNumber`: the contract's amount in euros (a JSON number, or the
 * decimal text of a bank file) to integer cents. Null when it has more than two decimals, is negative or is
 * not finite: that is the one rule for "at most two decimals", used by the request schemas and the forms.
 * Inside the server, the domain and the database, money is cents only (docs/decisions.md "One money type:
 * integer cents from the contract's edge to the database").
 */
export function toCents(amount: number | string): bigint | null {
  return decimalToScaledInt(amount, 2);
}

/** Rate in percent with at most two decimals (3.99) to basis points (399). */
export function toBasisPoints(ratePercent: number | string): bigint | null {
  return decimalToScaledInt(ratePercent, 2);
}

/**
 * Cents to a decimal string with two fractional digits ("1234.50"), exact: for formatting only (the
 * `Intl` formatters and the amounts of a SEPA file), never to carry money between functions.
 */
export function centsToDecimalString(cents: bigint): string {
  return writeScaledDecimal(cents, 2);
}

/**
 * The money edge, the other of the pair with `toCents`: integer cents (a bigint, or a bigint column's JS
 * number) to the contract's amount in euros, a JSON number. Exact for every amount below 2^53 cents, which
 * the limits guarantee: the number is read from the exact decimal text, never divided in binary.
 */
export function centsToNumber(cents: bigint | number): number {
  return scaledToNumber(cents);
}

/** Basis points to a percent number (399 -> 3.99). */
export function basisPointsToPercent(bp: bigint): number {
  return scaledToNumber(bp);
}

/**
 * A whole number of hundredths to the JSON number with that exact decimal text. Below 2^53 the integer is
 * exact as a double, and both IEEE division and the reading of decimal text round correctly to the nearest
 * double, so `n / 100` is the very number `Number("w.ff")` gives (a property test compares them), without
 * the text; larger values go through the text.
 */
function scaledToNumber(hundredths: bigint | number): number {
  const n = typeof hundredths === "bigint" ? Number(hundredths) : hundredths;
  if (Number.isSafeInteger(n)) return n / 100;
  return Number(centsToDecimalString(BigInt(hundredths)));
}
