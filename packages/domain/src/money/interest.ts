/**
 * Exact simple-interest arithmetic.
 *
 * Amounts are integer cents, rates are integer hundredths of a percent (basis points: 3.5 % = 350),
 * all as BigInt so that no product can overflow and no binary floating point enters the calculation.
 */

/** Divides two non-negative integers and rounds half-up (half away from zero for positives). */
export function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError("denominator must be positive");
  if (numerator < 0n) throw new RangeError("numerator must not be negative");
  return (numerator * 2n + denominator) / (denominator * 2n);
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
 * Parses a decimal number with at most `scale` fractional digits into an integer of that scale,
 * reading its shortest decimal representation (so 1.005 is 1.005, never 1.00499...).
 * Returns null when the value has more fractional digits, is negative, or is not finite.
 */
export function decimalToScaledInt(value: number | string, scale: number): bigint | null {
  // Whole numbers (most amounts) need no text: the same result without a string round trip.
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) {
    return BigInt(value) * 10n ** BigInt(scale);
  }
  const text = typeof value === "number" ? numberToPlainString(value) : value.trim();
  if (text === null) return null;
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const whole = match[1] ?? "0";
  const fraction = (match[2] ?? "").replace(/0+$/, "");
  if (fraction.length > scale) return null;
  return BigInt(whole + fraction.padEnd(scale, "0"));
}

function numberToPlainString(value: number): string | null {
  if (!Number.isFinite(value) || value < 0) return null;
  const text = String(value);
  if (!/e/i.test(text)) return text;
  // Exponent notation only appears for very large or very small numbers; expand it exactly.
  const [mantissa = "", exponentText = "0"] = text.toLowerCase().split("e");
  const exponent = Number(exponentText);
  const [intPart = "", fracPart = ""] = mantissa.split(".");
  const digits = intPart + fracPart;
  const point = intPart.length + exponent;
  if (point <= 0) return `0.${"0".repeat(-point)}${digits}`;
  if (point >= digits.length) return digits + "0".repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
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
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const whole = abs / 100n;
  const fraction = (abs % 100n).toString().padStart(2, "0");
  return `${negative ? "-" : ""}${whole}.${fraction}`;
}

/**
 * The money edge, the other of the pair with `toCents`: integer cents (a bigint, or a bigint column's JS
 * number) to the contract's amount in euros, a JSON number. Exact for every amount below 2^53 cents, which
 * the limits guarantee: the number is read from the exact decimal text, never divided in binary.
 */
export function centsToNumber(cents: bigint | number): number {
  return Number(centsToDecimalString(BigInt(cents)));
}

/** Basis points to a percent number (399 -> 3.99). */
export function basisPointsToPercent(bp: bigint): number {
  return Number(centsToDecimalString(bp));
}
