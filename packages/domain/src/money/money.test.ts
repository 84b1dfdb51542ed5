import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  add,
  allocate,
  allocateEvenly,
  type Currency,
  CurrencyMismatchError,
  compare,
  currencyFromDb,
  divideRoundHalfUp,
  eur,
  formatMoney,
  formatPercent,
  isZero,
  MAX_CONTRACT_CENTS,
  type Money,
  money,
  moneyFromDb,
  moneyFromDecimalText,
  moneyFromJsonCents,
  moneyFromJsonNumber,
  moneyToDb,
  moneyToDecimalText,
  moneyToJsonCents,
  moneyToJsonNumber,
  moneyToPlainText,
  multiplyByBasisPoints,
  negate,
  parseCurrency,
  readScaledDecimal,
  subtract,
  sum,
} from "./money.ts";

const cents = (max: bigint = MAX_CONTRACT_CENTS) => fc.bigInt({ min: -max, max });
const currencies: Currency[] = ["EUR", "USD", "GBP", "CHF"];
const amount = (currency: Currency = "EUR") => cents().map((c) => money(c, currency));

describe("arithmetic", () => {
  it("adds, subtracts, negates and compares in one currency", () => {
    expect(add(eur(150n), eur(275n))).toEqual(eur(425n));
    expect(subtract(eur(150n), eur(275n))).toEqual(eur(-125n));
    expect(negate(eur(5n))).toEqual(eur(-5n));
    expect([eur(3n), eur(-1n), eur(2n)].sort(compare)).toEqual([eur(-1n), eur(2n), eur(3n)]);
    expect(isZero(subtract(eur(7n), eur(7n)))).toBe(true);
    expect(sum("EUR", [])).toEqual(eur(0n));
    expect(sum("EUR", [eur(1n), eur(2n), eur(3n)])).toEqual(eur(6n));
  });

  it("refuses to mix currencies", () => {
    const gbp = money(100n, "GBP");
    expect(() => add(eur(100n), gbp)).toThrow(CurrencyMismatchError);
    expect(() => subtract(eur(100n), gbp)).toThrow(CurrencyMismatchError);
    expect(() => compare(eur(100n), gbp)).toThrow(CurrencyMismatchError);
    expect(() => sum("EUR", [eur(1n), gbp])).toThrow(CurrencyMismatchError);
    expect(() => sum("EUR", [gbp])).toThrow(/currency mismatch: EUR and GBP/);
  });

  it("property: any two different currencies are refused, whatever the amounts", () => {
    fc.assert(
      fc.property(
        cents(),
        cents(),
        fc.constantFrom(...currencies),
        fc.constantFrom(...currencies),
        (a, b, x, y) => {
          fc.pre(x !== y);
          expect(() => add(money(a, x), money(b, y))).toThrow(CurrencyMismatchError);
        },
      ),
    );
  });

  it("property: addition is exact and subtraction undoes it", () => {
    fc.assert(
      fc.property(amount(), amount(), (a, b) => {
        expect(add(a, b).cents).toBe(a.cents + b.cents);
        expect(subtract(add(a, b), b)).toEqual(a);
      }),
    );
  });

  it("accepts ISO 4217 codes only as upper-case letters", () => {
    expect(parseCurrency("CHF")).toBe("CHF");
    expect(parseCurrency("chf")).toBeNull();
    expect(parseCurrency("EURO")).toBeNull();
  });
});

describe("rates in basis points, rounded half-up", () => {
  // 10,000.00 EUR at 3.5 % for 6 of 12 months: 10,000 x 0.035 x 0.5 = 175.00.
  it("10,000 EUR, 3.5 %, half a year", () => {
    expect(multiplyByBasisPoints(eur(1_000_000n), 350n, { numerator: 6n, denominator: 12n })).toEqual(
      eur(17_500n),
    );
  });

  // 0.50 EUR at 1 % = 0.005 -> 0.01 (half-up); 0.49 EUR at 1 % = 0.0049 -> 0.00; a debit mirrors a credit.
  it("a half cent goes up, away from zero for a debit", () => {
    expect(multiplyByBasisPoints(eur(50n), 100n)).toEqual(eur(1n));
    expect(multiplyByBasisPoints(eur(49n), 100n)).toEqual(eur(0n));
    expect(multiplyByBasisPoints(eur(-50n), 100n)).toEqual(eur(-1n));
    expect(divideRoundHalfUp(5n, 2n)).toBe(3n);
    expect(divideRoundHalfUp(-5n, 2n)).toBe(-3n);
    expect(divideRoundHalfUp(7n, -2n)).toBe(-4n);
  });

  it("property: against an independent rounding in exact rationals", () => {
    fc.assert(
      fc.property(
        cents(10n ** 12n),
        fc.bigInt({ min: 0n, max: 2000n }),
        fc.integer({ min: 1, max: 120 }),
        (c, bp, m) => {
          const result = multiplyByBasisPoints(eur(c), bp, { numerator: BigInt(m), denominator: 12n }).cents;
          const numerator = c * bp * BigInt(m);
          const denominator = 120_000n;
          // The exact quotient lies within half a cent of the result: |2 x (num - result x den)| <= den.
          const error = 2n * (numerator - result * denominator);
          expect(error <= denominator && error >= -denominator).toBe(true);
          // A tie (exactly half) rounds away from zero.
          if (error === denominator || error === -denominator) expect(error > 0n).toBe(numerator < 0n);
          // The rounding is symmetric: a negated amount gives the negated result.
          expect(multiplyByBasisPoints(eur(-c), bp, { numerator: BigInt(m), denominator: 12n }).cents).toBe(
            -result,
          );
        },
      ),
    );
  });
});

describe("allocation", () => {
  it("splits 100.00 EUR in three: 33.34, 33.33, 33.33", () => {
    expect(allocateEvenly(eur(10_000n), 3)).toEqual([eur(3334n), eur(3333n), eur(3333n)]);
    expect(allocateEvenly(eur(-10_000n), 3)).toEqual([eur(-3334n), eur(-3333n), eur(-3333n)]);
  });

  it("splits by weights, the leftover cent to the largest remainder, the earlier on a tie", () => {
    // 1.00 EUR by 1:1:1 -> 0.34, 0.33, 0.33; 0.05 EUR by 3:7 is 0.015 and 0.035: 1 and 3 cents with equal
    // remainders, so the leftover cent goes to the first part (0.02, 0.03).
    expect(allocate(eur(100n), [1, 1, 1])).toEqual([eur(34n), eur(33n), eur(33n)]);
    expect(allocate(eur(5n), [3, 7])).toEqual([eur(2n), eur(3n)]);
    expect(allocate(eur(10n), [0, 1, 0])).toEqual([eur(0n), eur(10n), eur(0n)]);
    expect(() => allocate(eur(10n), [0, 0])).toThrow(RangeError);
    expect(() => allocate(eur(10n), [-1, 2])).toThrow(RangeError);
  });

  it("property: the parts sum to the total exactly, each within a cent of its exact share", () => {
    fc.assert(
      fc.property(
        cents(),
        fc.array(fc.bigInt({ min: 0n, max: 1_000_000n }), { minLength: 1, maxLength: 12 }),
        (c, weights) => {
          fc.pre(weights.some((w) => w > 0n));
          const total = eur(c);
          const parts = allocate(total, weights);
          expect(parts).toHaveLength(weights.length);
          expect(sum("EUR", parts)).toEqual(total);
          const weightSum = weights.reduce((s, w) => s + w, 0n);
          parts.forEach((p, i) => {
            const exactTimesSum = c * (weights[i] ?? 0n);
            const diff = p.cents * weightSum - exactTimesSum;
            expect(diff < weightSum && diff > -weightSum).toBe(true);
          });
          // Deterministic: the same split every time.
          expect(allocate(total, weights)).toEqual(parts);
        },
      ),
    );
  });

  it("property: an even split differs by at most one cent between parts", () => {
    fc.assert(
      fc.property(cents(), fc.integer({ min: 1, max: 50 }), (c, n) => {
        const parts = allocateEvenly(eur(c), n).map((p) => p.cents);
        expect(parts.reduce((s, p) => s + p, 0n)).toBe(c);
        const sorted = [...parts].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        expect((sorted.at(-1) ?? 0n) - (sorted[0] ?? 0n) <= 1n).toBe(true);
      }),
    );
  });
});

describe("codecs", () => {
  it("contract JSON numbers: at most two decimals for the euro", () => {
    expect(moneyFromJsonNumber(1234.5, "EUR")).toEqual(eur(123_450n));
    expect(moneyFromJsonNumber(1.005, "EUR")).toBeNull();
    expect(moneyFromJsonNumber(0.1 + 0.2, "EUR")).toBeNull();
    expect(moneyFromJsonNumber(Number.NaN, "EUR")).toBeNull();
    expect(moneyFromJsonNumber(-19.99, "EUR")).toEqual(eur(-1999n));
    expect(moneyFromJsonNumber(1e-7, "EUR")).toBeNull();
    expect(moneyFromJsonNumber(1e15, "EUR")).toBeNull();
    expect(moneyToJsonNumber(eur(123_450n))).toBe(1234.5);
    expect(moneyToJsonNumber(eur(-1n))).toBe(-0.01);
    expect(moneyFromJsonNumber(1000, "JPY" as Currency)).toEqual(money(1000n, "JPY" as Currency));
    expect(() => moneyToJsonNumber(eur(MAX_CONTRACT_CENTS + 1n))).toThrow(RangeError);
  });

  it("property: every amount up to the limit survives the contract's JSON number and JSON text", () => {
    fc.assert(
      fc.property(amount(), (m) => {
        const json = JSON.parse(JSON.stringify({ amount: moneyToJsonNumber(m) })) as { amount: number };
        expect(moneyFromJsonNumber(json.amount, "EUR")).toEqual(m);
      }),
      { numRuns: 5000 },
    );
  });

  it("property: the JSON number is the decimal the cents spell (an independent computation)", () => {
    fc.assert(
      fc.property(cents(10n ** 13n), (c) => {
        const abs = c < 0n ? -c : c;
        const text = `${c < 0n ? "-" : ""}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
        expect(moneyToJsonNumber(eur(c))).toBe(Number.parseFloat(text));
      }),
    );
  });

  it("contract *_cents integers", () => {
    expect(moneyFromJsonCents(10_000_000, "EUR")).toEqual(eur(10_000_000n));
    expect(moneyFromJsonCents(1.5, "EUR")).toBeNull();
    expect(moneyToJsonCents(eur(-42n))).toBe(-42);
    fc.assert(
      fc.property(cents(BigInt(Number.MAX_SAFE_INTEGER)), (c) => {
        expect(moneyFromJsonCents(moneyToJsonCents(eur(c)), "EUR")).toEqual(eur(c));
      }),
    );
  });

  it("decimal text of bank files", () => {
    expect(moneyFromDecimalText("1234.50", "EUR")).toEqual(eur(123_450n));
    expect(moneyFromDecimalText(" 7 ", "EUR")).toEqual(eur(700n));
    expect(moneyFromDecimalText("0.10000", "EUR")).toEqual(eur(10n));
    expect(moneyFromDecimalText("1.001", "EUR")).toBeNull();
    expect(moneyFromDecimalText("1,50", "EUR")).toBeNull();
    expect(moneyFromDecimalText("1e3", "EUR")).toBeNull();
    expect(moneyFromDecimalText("", "EUR")).toBeNull();
    expect(moneyToDecimalText(eur(5n))).toBe("0.05");
    expect(moneyToPlainText(eur(100_000n))).toBe("1000.00 EUR");
    expect(moneyToDecimalText(eur(-123_456n))).toBe("-1234.56");
    expect(moneyToDecimalText(money(1234n, "KWD" as Currency))).toBe("1.234");
    expect(moneyToDecimalText(money(1234n, "JPY" as Currency))).toBe("1234");
  });

  it("property: decimal text round trips for every amount, in every currency's minor digits", () => {
    fc.assert(
      fc.property(
        cents(10n ** 18n),
        fc.constantFrom<Currency>("EUR", "GBP", "JPY" as Currency, "KWD" as Currency),
        (c, cur) => {
          const m = money(c, cur);
          expect(moneyFromDecimalText(moneyToDecimalText(m), cur)).toEqual(m);
        },
      ),
    );
  });

  it("database int8: bigint, the driver's number or text; nothing fractional", () => {
    expect(moneyFromDb(12n, "EUR")).toEqual(eur(12n));
    expect(moneyFromDb(12, "EUR")).toEqual(eur(12n));
    expect(moneyFromDb("-9007199254740993", "EUR")).toEqual(eur(-9_007_199_254_740_993n));
    expect(() => moneyFromDb(1.5, "EUR")).toThrow(RangeError);
    expect(() => moneyFromDb("12.00", "EUR")).toThrow(RangeError);
    expect(currencyFromDb("EUR")).toBe("EUR");
    expect(currencyFromDb("GBP ")).toBe("GBP");
    expect(() => currencyFromDb("€")).toThrow(RangeError);
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), (c) => {
        expect(moneyFromDb(moneyToDb(eur(c)), "EUR")).toEqual(eur(c));
        expect(moneyFromDb(String(moneyToDb(eur(c))), "EUR")).toEqual(eur(c));
      }),
    );
  });
});

describe("formatting", () => {
  const m: Money = eur(1_000_050n);
  it("per language, exactly", () => {
    expect(formatMoney(m, "en-GB")).toBe("€10,000.50");
    expect(formatMoney(m, "de-DE")).toBe("10.000,50\u00a0€");
    expect(formatMoney(m, "fr-FR")).toBe("10\u202f000,50\u00a0€");
    expect(formatMoney(m, "de-DE", { whole: true })).toBe("10.001\u00a0€");
    expect(formatMoney(money(100n, "USD"), "en-GB", { narrow: true })).toBe("$1.00");
    // Beyond a double's precision the text stays exact.
    expect(formatMoney(eur(9_007_199_254_740_993n), "en-GB")).toBe("€90,071,992,547,409.93");
    expect(formatMoney(eur(-1n), "en-GB", { whole: true })).toBe("€0");
  });

  it("rates in percent", () => {
    expect(formatPercent(3.5, "en-GB")).toBe("3.50%");
    expect(formatPercent(3.5, "de-DE")).toBe("3,50\u00a0%");
    expect(formatPercent(0.07, "fr-FR")).toBe("0,07\u00a0%");
    expect(formatPercent(5, "en-GB", { short: true })).toBe("5%");
    expect(formatPercent(3.99, "de-DE", { short: true })).toBe("3,99\u00a0%");
  });
});

describe("reading a JSON number as a scaled integer", () => {
  const scale = fc.integer({ min: 0, max: 4 });

  it("reads a number of at most `scale` decimals as its decimal text says, without the text", () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 50) + 1, max: 2 ** 50 - 1 }), scale, (units, s) => {
        const value = units / 10 ** s;
        expect(readScaledDecimal(value, s)).toBe(BigInt(units));
        const text = String(value);
        if (!/e/i.test(text)) expect(readScaledDecimal(text, s)).toBe(BigInt(units));
      }),
      { numRuns: 5000 },
    );
  });

  it("agrees with reading the number's shortest text for any finite number", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e15, max: 1e15, noNaN: true }), scale, (value, s) => {
        const text = String(value);
        fc.pre(!/e/i.test(text));
        expect(readScaledDecimal(value, s)).toBe(readScaledDecimal(text, s));
      }),
      { numRuns: 5000 },
    );
  });

  it("refuses more decimals than the scale, and what is not finite", () => {
    expect(readScaledDecimal(3.5, 2)).toBe(350n);
    expect(readScaledDecimal(1.15, 2)).toBe(115n);
    expect(readScaledDecimal(-0.05, 2)).toBe(-5n);
    expect(readScaledDecimal(3.555, 2)).toBeNull();
    expect(readScaledDecimal(-0.025, 2)).toBeNull();
    expect(readScaledDecimal(0.1 + 0.2, 2)).toBeNull();
    expect(readScaledDecimal(Number.NaN, 2)).toBeNull();
    expect(readScaledDecimal(Number.POSITIVE_INFINITY, 2)).toBeNull();
    expect(readScaledDecimal(1e-7, 4)).toBeNull();
  });
});
