/**
 * Money: an amount in integer minor units (cents) as a bigint, with its currency. Made and read only at the
 * edges, by the codecs below (the contract's JSON numbers and `*_cents` integers, the decimal text of bank
 * files, the database's int8); added, split and rounded only here. Adding euros to pounds throws: it is a
 * mistake, never a sum (docs/decisions.md "One money type: integer cents from the contract's edge to the
 * database").
 */

import { formatEuroCentsFast, formatPercentTextFast } from "./locale-format.ts";

declare const iso4217: unique symbol;

/** The currencies the platform names in code; any other ISO 4217 code comes through `parseCurrency`. */
export type KnownCurrency = "EUR" | "USD" | "GBP" | "CHF";

/** An ISO 4217 alphabetic code: a known literal, or a code checked by `parseCurrency`. */
export type Currency = KnownCurrency | (string & { readonly [iso4217]: true });

/** The currency of the books: every journal line, every deposit's ledger, every payment order. */
export const BOOKS_CURRENCY = "EUR" satisfies Currency;

/** A three-letter upper-case code (as ISO 4217 writes them and bank files carry them), else null. */
export function parseCurrency(code: string): Currency | null {
  return /^[A-Z]{3}$/.test(code) ? (code as Currency) : null;
}

/**
 * Digits after the decimal point of a currency's minor unit (ISO 4217): two unless listed. A currency's
 * `cents` are its minor units, so 1 JPY is 1n and 1 KWD is 1000n.
 */
const MINOR_DIGITS: Readonly<Record<string, number>> = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  UYI: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
};

export function minorDigits(currency: Currency): number {
  return MINOR_DIGITS[currency] ?? 2;
}

export interface Money {
  /** Minor units (cents for the euro), negative for a debit or a reversal where the caller says so. */
  readonly cents: bigint;
  readonly currency: Currency;
}

/** Thrown when two amounts of different currencies meet in one operation. */
export class CurrencyMismatchError extends Error {
  constructor(
    readonly left: Currency,
    readonly right: Currency,
  ) {
    super(`currency mismatch: ${left} and ${right}`);
    this.name = "CurrencyMismatchError";
  }
}

export function money(cents: bigint, currency: Currency): Money {
  if (typeof cents !== "bigint") throw new TypeError("cents must be a bigint");
  return Object.freeze({ cents, currency });
}

export function eur(cents: bigint): Money {
  return money(cents, "EUR");
}

export function zero(currency: Currency): Money {
  return money(0n, currency);
}

function same(a: Money, b: Money): Currency {
  if (a.currency !== b.currency) throw new CurrencyMismatchError(a.currency, b.currency);
  return a.currency;
}

export function add(a: Money, b: Money): Money {
  return money(a.cents + b.cents, same(a, b));
}

export function subtract(a: Money, b: Money): Money {
  return money(a.cents - b.cents, same(a, b));
}

export function negate(a: Money): Money {
  return money(-a.cents, a.currency);
}

/** -1, 0 or 1, as a sort comparator expects; throws on two currencies. */
export function compare(a: Money, b: Money): -1 | 0 | 1 {
  same(a, b);
  return a.cents < b.cents ? -1 : a.cents > b.cents ? 1 : 0;
}

export function equals(a: Money, b: Money): boolean {
  return a.currency === b.currency && a.cents === b.cents;
}

export function isZero(a: Money): boolean {
  return a.cents === 0n;
}

export function isNegative(a: Money): boolean {
  return a.cents < 0n;
}

export function isPositive(a: Money): boolean {
  return a.cents > 0n;
}

/** The sum of the amounts, all in `currency` (which an empty list needs); throws on another currency. */
export function sum(currency: Currency, amounts: Iterable<Money>): Money {
  let cents = 0n;
  for (const a of amounts) {
    if (a.currency !== currency) throw new CurrencyMismatchError(currency, a.currency);
    cents += a.cents;
  }
  return money(cents, currency);
}

/**
 * numerator / denominator rounded half-up: a half goes away from zero (2.5 -> 3, -2.5 -> -3), the rule of
 * commercial rounding, so a negated amount rounds to the negated result.
 */
export function divideRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError("division by zero");
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (n * 2n + d) / (d * 2n);
  return negative ? -q : q;
}

/**
 * The amount times a rate in basis points (3.5 % = 350n), times an optional fraction (a term's months / 12,
 * days / 365), rounded once, half-up, to the minor unit: 10,000.00 EUR at 350 bp for 6/12 is 175.00 EUR.
 */
export function multiplyByBasisPoints(
  amount: Money,
  basisPoints: bigint,
  fraction: { numerator: bigint; denominator: bigint } = { numerator: 1n, denominator: 1n },
): Money {
  return money(
    divideRoundHalfUp(amount.cents * basisPoints * fraction.numerator, 10_000n * fraction.denominator),
    amount.currency,
  );
}

/**
 * Splits the total over weights (non-negative, at least one positive) so that the parts sum to the total
 * exactly: each part is its share rounded towards zero, and the cents left over go one each to the parts
 * with the largest remainders, the earlier part first on a tie (deterministic; the largest-remainder rule).
 */
export function allocate(total: Money, weights: readonly (bigint | number)[]): Money[] {
  const w = weights.map((x) => {
    const b = typeof x === "bigint" ? x : BigInt(x);
    if (b < 0n) throw new RangeError("weights must not be negative");
    return b;
  });
  const weightSum = w.reduce((s, x) => s + x, 0n);
  if (weightSum === 0n) throw new RangeError("at least one weight must be positive");
  const sign = total.cents < 0n ? -1n : 1n;
  const abs = total.cents * sign;
  const parts = w.map((x) => (abs * x) / weightSum);
  const remainders = w.map((x, i) => ({ i, r: (abs * x) % weightSum }));
  let left = abs - parts.reduce((s, x) => s + x, 0n);
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left === 0n) break;
    parts[i] = (parts[i] ?? 0n) + 1n;
    left -= 1n;
  }
  return parts.map((p) => money(p * sign, total.currency));
}

/** Splits the total into n parts as equal as can be, the first parts one cent larger where it does not divide. */
export function allocateEvenly(total: Money, n: number): Money[] {
  if (!Number.isSafeInteger(n) || n <= 0) throw new RangeError("n must be a positive integer");
  return allocate(total, new Array<bigint>(n).fill(1n));
}

// ---------------------------------------------------------------------------------------------------
// Scaled decimals: the one reader and writer of decimal text, for money and for rates (basis points).
// ---------------------------------------------------------------------------------------------------

/** 10^scale for the scales money uses (cents, basis points, mills): made once, not per amount. */
const SCALE_UNITS: readonly bigint[] = [1n, 10n, 100n, 1000n, 10_000n];
/** The same powers as numbers, for reading a JSON number without its text. */
const SCALE_FACTORS: readonly number[] = [1, 10, 100, 1000, 10_000];
/**
 * Below this (2^50), value x 10^scale is within far less than 0.5 of the integer it stands for, and two
 * decimals of `scale` digits never share a double, so the nearest integer is the one the text would give.
 */
const EXACT_SCALED_LIMIT = 2 ** 50;

/**
 * Reads a decimal (a JSON number by its shortest decimal text, so 1.005 is 1.005 and never 1.00499..., or
 * decimal text) as an integer of `scale` fractional digits: ("12.3", 2) -> 1230n. Null when it has more
 * fractional digits than `scale` (trailing zeros aside), is not finite, or is not a plain decimal.
 * This is the one "at most two decimals" rule: the request schemas, the forms and the bank files use it.
 */
export function readScaledDecimal(value: number | string, scale: number): bigint | null {
  // Whole numbers (most amounts) need no text: the same result without a string round trip.
  if (typeof value === "number" && Number.isSafeInteger(value)) {
    return BigInt(value) * (SCALE_UNITS[scale] ?? 10n ** BigInt(scale));
  }
  // A number of at most `scale` decimals (a rate such as 3.5) needs no text either: the nearest integer of
  // value x 10^scale, when dividing it back gives the very same number (else the text decides, below).
  const factor = SCALE_FACTORS[scale];
  if (typeof value === "number" && factor !== undefined) {
    const product = value * factor;
    if (Math.abs(product) < EXACT_SCALED_LIMIT) {
      const scaled = Math.round(product);
      if (scaled / factor === value) return BigInt(scaled);
    }
  }
  const text = typeof value === "number" ? numberToPlainString(value) : value.trim();
  if (text === null) return null;
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const fraction = (match[3] ?? "").replace(/0+$/, "");
  if (fraction.length > scale) return null;
  const scaled = BigInt((match[2] ?? "0") + fraction.padEnd(scale, "0"));
  return match[1] ? -scaled : scaled;
}

function numberToPlainString(value: number): string | null {
  if (!Number.isFinite(value)) return null;
  const text = String(value);
  if (!/e/i.test(text)) return text;
  // Exponent notation only appears for very large or very small numbers; expand it exactly.
  const sign = text.startsWith("-") ? "-" : "";
  const [mantissa = "", exponentText = "0"] = text.replace(/^-/, "").toLowerCase().split("e");
  const exponent = Number.parseInt(exponentText, 10);
  const [intPart = "", fracPart = ""] = mantissa.split(".");
  const digits = intPart + fracPart;
  const point = intPart.length + exponent;
  if (point <= 0) return `${sign}0.${"0".repeat(-point)}${digits}`;
  if (point >= digits.length) return sign + digits + "0".repeat(point - digits.length);
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** An integer of `scale` fractional digits as exact decimal text: (123450n, 2) -> "1234.50", (-5n, 2) -> "-0.05". */
export function writeScaledDecimal(value: bigint, scale: number): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const unit = SCALE_UNITS[scale] ?? 10n ** BigInt(scale);
  const whole = abs / unit;
  const sign = negative ? "-" : "";
  if (scale === 0) return `${sign}${whole}`;
  return `${sign}${whole}.${(abs % unit).toString().padStart(scale, "0")}`;
}

// ---------------------------------------------------------------------------------------------------
// Codecs: the only ways in and out of Money.
// ---------------------------------------------------------------------------------------------------

/**
 * The largest amount (in minor units) the contract carries as a JSON number: a decimal of at most 15
 * significant digits survives the trip through a binary double and back to its shortest text, so every
 * amount up to 9,999,999,999,999.99 converts exactly both ways. The platform's limits stay far below.
 */
export const MAX_CONTRACT_CENTS = 10n ** 15n - 1n;

function withinContract(cents: bigint): bigint {
  if (cents > MAX_CONTRACT_CENTS || cents < -MAX_CONTRACT_CENTS) {
    throw new RangeError("amount beyond what a JSON number carries exactly");
  }
  return cents;
}

/**
 * Contract edge, in: an amount as the API's JSON number in major units (`"amount": 1234.5` euros) to Money.
 * Null when it has more decimals than the currency has minor digits (two for the euro), is not finite or
 * lies beyond MAX_CONTRACT_CENTS.
 */
export function moneyFromJsonNumber(value: number, currency: Currency): Money | null {
  if (typeof value !== "number") return null;
  const cents = readScaledDecimal(value, minorDigits(currency));
  if (cents === null || cents > MAX_CONTRACT_CENTS || cents < -MAX_CONTRACT_CENTS) return null;
  return money(cents, currency);
}

/**
 * Contract edge, out: Money to the API's JSON number in major units, read from the exact decimal text, never
 * divided in binary (123450n EUR -> 1234.5).
 */
export function moneyToJsonNumber(amount: Money): number {
  return Number(writeScaledDecimal(withinContract(amount.cents), minorDigits(amount.currency)));
}

/** Contract edge, in: a `*_cents` field (a JSON integer of minor units) to Money; null unless a safe integer. */
export function moneyFromJsonCents(value: number, currency: Currency): Money | null {
  return Number.isSafeInteger(value) ? money(BigInt(value), currency) : null;
}

/** Contract edge, out: Money to a `*_cents` field, a JSON integer of minor units. */
export function moneyToJsonCents(amount: Money): number {
  if (amount.cents > BigInt(Number.MAX_SAFE_INTEGER) || amount.cents < -BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError("amount beyond a safe JSON integer");
  }
  return Number(amount.cents);
}

/**
 * Bank files (pain.001, camt.053) and forms, in: decimal text in major units ("1234.50", "1234.5", "-3") to
 * Money; null when it is not a plain decimal or has more decimals than the currency's minor digits.
 */
export function moneyFromDecimalText(text: string, currency: Currency): Money | null {
  const cents = readScaledDecimal(text, minorDigits(currency));
  return cents === null ? null : money(cents, currency);
}

/** Bank files, out: Money as decimal text with exactly the currency's minor digits ("1234.50"). */
export function moneyToDecimalText(amount: Money): string {
  return writeScaledDecimal(amount.cents, minorDigits(amount.currency));
}

/** Money in an error's English `detail` or a log line, where no reader's locale applies: "1000.00 EUR". */
export function moneyToPlainText(amount: Money): string {
  return `${moneyToDecimalText(amount)} ${amount.currency}`;
}

/**
 * Database edge, in: an int8 column of minor units (a bigint, or the JS number or text a driver gives) to
 * Money. Throws on anything else: a fraction or an unsafe number in a money column is a defect, not input.
 */
export function moneyFromDb(value: bigint | number | string, currency: Currency): Money {
  if (typeof value === "bigint") return money(value, currency);
  if (typeof value === "number" && Number.isSafeInteger(value)) return money(BigInt(value), currency);
  if (typeof value === "string" && /^-?\d+$/.test(value)) return money(BigInt(value), currency);
  throw new RangeError(`not an integer amount of minor units: ${String(value)}`);
}

/** Database edge, in: a currency column (char(3), padded or not); throws on anything but an ISO 4217 code. */
export function currencyFromDb(value: string): Currency {
  const currency = parseCurrency(value.trim());
  if (currency === null) throw new RangeError(`not a currency code: ${value}`);
  return currency;
}

/** Database edge, out: Money to the int8 value of a money column (the currency has its own column or is the books'). */
export function moneyToDb(amount: Money): bigint {
  return amount.cents;
}

// ---------------------------------------------------------------------------------------------------
// Formatting: in the reader's locale from the exact decimal text; euro and rates in the platform's three
// locales without Intl (locale-format.ts), to the same text.
// ---------------------------------------------------------------------------------------------------

const formatters = new Map<string, Intl.NumberFormat>();

function formatterOf(key: string, make: () => Intl.NumberFormat): Intl.NumberFormat {
  let f = formatters.get(key);
  if (!f) {
    // A formatter costs about a millisecond to make and holds no state: one per locale and options.
    f = make();
    formatters.set(key, f);
  }
  return f;
}

export interface MoneyFormat {
  /** Drop the minor units (round marketing figures), rounding half-up as Intl does. */
  whole?: boolean;
  /** The bare symbol ("$" rather than "US$" in en-GB), where the currency is named right beside it. */
  narrow?: boolean;
}

/**
 * Money for a reader ("€10,000.00", "10.000,00 €", "10 000,00 €"), by `Intl` from the exact decimal text, so
 * no binary fraction enters. A zero, or an amount that rounds to zero, carries no sign: never "-0,00 €".
 */
export function formatMoney(amount: Money, locale: string, opts: MoneyFormat = {}): string {
  // Euro in the platform's locales without Intl, to the very same text (locale-format.ts).
  const fast = amount.currency === "EUR" ? formatEuroCentsFast(amount.cents, locale, opts.whole) : null;
  if (fast !== null) return fast;
  const digits = opts.whole ? 0 : minorDigits(amount.currency);
  const display = opts.narrow ? "narrowSymbol" : "symbol";
  return formatterOf(
    `${locale}:${amount.currency}:${digits}:${display}`,
    () =>
      new Intl.NumberFormat(locale, {
        style: "currency",
        currency: amount.currency,
        currencyDisplay: display,
        signDisplay: "negative",
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }),
  ).format(moneyToDecimalText(amount) as Intl.StringNumericLiteral);
}

/**
 * A rate in percent (3.5) for a reader ("3.50%" in en-GB, "3,50 %" in de), by `Intl`'s percent style from
 * the exact fraction's decimal text (3.5 % is "3.5e-2"), never a binary division. `short` writes only the
 * decimals the rate has (3.99 -> "3.99%", 5 -> "5%"), for marketing text.
 */
export function formatPercent(ratePercent: number, locale: string, opts: { short?: boolean } = {}): string {
  const text = numberToPlainString(ratePercent) ?? "0";
  const min = opts.short ? 0 : 2;
  const fast = formatPercentTextFast(text, locale, min);
  if (fast !== null) return fast;
  return formatterOf(
    `${locale}:percent:${min}`,
    () =>
      new Intl.NumberFormat(locale, {
        style: "percent",
        minimumFractionDigits: min,
        maximumFractionDigits: 2,
      }),
  ).format(`${text}e-2` as Intl.StringNumericLiteral);
}
