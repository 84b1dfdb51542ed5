import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  basisPointsToPercent,
  centsToDecimalString,
  centsToNumber,
  divideHalfUp,
  simpleInterest,
  toBasisPoints,
  toCents,
} from "./interest.ts";
import { calculateReturn } from "./plan.ts";

/** Worked examples: the figures by hand, then what calculateReturn must answer. */
const WORKED_EXAMPLES = [
  // 10,000 x 0.035 = 350.00; 350 / 12 = 29.1666... -> 29.17.
  {
    name: "10,000 EUR, 12 months, 3.5 %",
    amount: 10_000,
    ratePercent: 3.5,
    months: 12,
    total_interest: 350,
    monthly_interest: 29.17,
    total_amount: 10_350,
  },
  // 5,000 x 0.025 x 3/12 = 31.25; monthly 10.4166... -> 10.42.
  {
    name: "5,000 EUR, 3 months, 2.5 %",
    amount: 5000,
    ratePercent: 2.5,
    months: 3,
    total_interest: 31.25,
    monthly_interest: 10.42,
    total_amount: 5031.25,
  },
  // 1,234.56 x 0.03 x 0.5 = 18.5184 -> 18.52; monthly 3.0866... -> 3.09.
  {
    name: "odd cents round half-up",
    amount: 1234.56,
    ratePercent: 3,
    months: 6,
    total_interest: 18.52,
    monthly_interest: 3.09,
    total_amount: 1253.08,
  },
  // The largest seeded package: 500,000 x 0.0399 x 3 = 59,850.00; monthly 1,662.50.
  {
    name: "the largest seeded package",
    amount: 500_000,
    ratePercent: 3.99,
    months: 36,
    total_interest: 59_850,
    monthly_interest: 1662.5,
    total_amount: 559_850,
  },
  // 7,777.77 x 0.0375 x 2 = 583.33275 -> 583.33; monthly 24.3054... -> 24.31.
  {
    name: "odd cents over two years",
    amount: 7777.77,
    ratePercent: 3.75,
    months: 24,
    total_interest: 583.33,
    monthly_interest: 24.31,
    total_amount: 8361.1,
  },
  // The upper bound, 10,000,000 for 36 months at 20 %: 6,000,000.00 interest; monthly 166,666.67.
  {
    name: "the largest allowed calculation stays exact",
    amount: 10_000_000,
    ratePercent: 20,
    months: 36,
    total_interest: 6_000_000,
    monthly_interest: 166_666.67,
    total_amount: 16_000_000,
  },
];

describe("simple interest, worked examples", () => {
  it.each(WORKED_EXAMPLES)("$name", ({ name: _, amount, ratePercent, months, ...figures }) => {
    expect(calculateReturn({ amount, ratePercent, months })).toEqual({ principal: amount, ...figures });
  });

  // 1,000.10 EUR, 12 months, 0.05 %: 0.50005 -> 0.50; 1,001 EUR at 0.05 % for 12 months: 0.5005 -> 0.50;
  // 1,010 EUR at 0.05 % -> 0.505 exactly -> half-up 0.51.
  it("an exact half cent rounds up", () => {
    expect(calculateReturn({ amount: 1010, ratePercent: 0.05, months: 12 })?.total_interest).toBe(0.51);
    expect(calculateReturn({ amount: 1001, ratePercent: 0.05, months: 12 })?.total_interest).toBe(0.5);
  });

  // 1,000 EUR, 3 months, 0.02 %: 1,000 x 0.0002 x 0.25 = 0.05; monthly 0.01666... -> 0.02 (rounds up).
  // 1,000 EUR, 6 months, 0.01 %: 0.05; monthly 0.00833... -> 0.01. 1,000 EUR, 3 months, 0.01 %: 0.025 -> 0.03.
  it("tiny amounts round half-up at the cent", () => {
    expect(calculateReturn({ amount: 1000, ratePercent: 0.02, months: 3 })).toMatchObject({
      total_interest: 0.05,
      monthly_interest: 0.02,
    });
    expect(calculateReturn({ amount: 1000, ratePercent: 0.01, months: 6 })?.monthly_interest).toBe(0.01);
    expect(calculateReturn({ amount: 1000, ratePercent: 0.01, months: 3 })?.total_interest).toBe(0.03);
  });

  it("zero rate earns nothing", () => {
    expect(calculateReturn({ amount: 2500, ratePercent: 0, months: 24 })?.total_interest).toBe(0);
  });

  it("refuses amounts with more than two decimals and negative values", () => {
    expect(toCents(10.005)).toBeNull();
    expect(toCents(-1)).toBeNull();
    expect(toCents(Number.NaN)).toBeNull();
    expect(toCents(1.1)).toBe(110n);
    expect(toCents(1e21)).toBe(100000000000000000000000n);
    expect(toBasisPoints(3.99)).toBe(399n);
    expect(calculateReturn({ amount: 10.001, ratePercent: 3, months: 12 })).toBeNull();
  });
});

describe("the money edge: toCents and centsToNumber", () => {
  it("converts a bigint column's number or a bigint to the contract's euros, exactly", () => {
    expect(centsToNumber(123_456)).toBe(1234.56);
    expect(centsToNumber(123_456n)).toBe(1234.56);
    expect(centsToNumber(1)).toBe(0.01);
    expect(centsToNumber(99_999_999_999_999)).toBe(999_999_999_999.99);
  });

  it("gives the number of the exact decimal text, negative and beyond 2^53 too", () => {
    // The fast path divides by 100; the number must be the one the decimal text reads as.
    const text = (cents: bigint) => centsToDecimalString(cents);
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 53n) + 1n, max: 2n ** 53n - 1n }), (cents) => {
        expect(centsToNumber(cents)).toBe(Number(text(cents)));
        expect(centsToNumber(Number(cents))).toBe(Number(text(cents)));
      }),
      { numRuns: 5000 },
    );
    for (const cents of [2n ** 53n, 2n ** 60n + 7n, -(2n ** 55n) - 3n]) {
      expect(centsToNumber(cents)).toBe(Number(text(cents)));
    }
    expect(basisPointsToPercent(399n)).toBe(3.99);
    expect(basisPointsToPercent(7n)).toBe(0.07);
  });

  it("round-trips every amount with at most two decimals", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 1_000_000_000_000n }), (cents) => {
        expect(toCents(centsToNumber(cents))).toBe(cents);
      }),
    );
  });
});

describe("simple interest, properties", () => {
  /** Independent exact computation: a rational p/q, rounded half-up by comparing 2r with q. */
  function reference(cents: bigint, bp: bigint, months: bigint): bigint {
    const p = cents * bp * months;
    const q = 120_000n;
    const floor = p / q;
    const remainder = p - floor * q;
    return remainder * 2n >= q ? floor + 1n : floor;
  }

  const amountCents = fc.bigInt({ min: 100_000n, max: 1_000_000_000n }); // 1,000 .. 10,000,000 EUR
  const rateBp = fc.bigInt({ min: 0n, max: 2000n }); // 0 .. 20 %
  const months = fc.constantFrom(3, 6, 12, 24, 36);

  it("matches an exact rational computation over the whole allowed range", () => {
    fc.assert(
      fc.property(amountCents, rateBp, months, (cents, bp, m) => {
        const r = simpleInterest({ principalCents: cents, rateBasisPoints: bp, months: m });
        expect(r.interestCents).toBe(reference(cents, bp, BigInt(m)));
        expect(r.totalCents).toBe(cents + r.interestCents);
        // monthly x months is within months/2 cents of the interest (each month rounds by at most half a cent)
        const diff = r.monthlyInterestCents * BigInt(m) - r.interestCents;
        expect(diff <= BigInt(m) && -diff <= BigInt(m)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it("gives the same result through the number API the server and web use", () => {
    // Amounts and rates arrive as JSON numbers with up to two decimals; the result must equal the exact
    // rational computation, with the monthly figure rounded half-up from the rounded interest.
    fc.assert(
      fc.property(amountCents, rateBp, months, (cents, bp, m) => {
        const amount = Number(centsToDecimalString(cents));
        const ratePercent = Number(centsToDecimalString(bp));
        const r = calculateReturn({ amount, ratePercent, months: m });
        const interest = reference(cents, bp, BigInt(m));
        const q = BigInt(m);
        const monthly = (interest * 2n + q) / (2n * q);
        expect(r).toEqual({
          principal: amount,
          total_interest: Number(centsToDecimalString(interest)),
          monthly_interest: Number(centsToDecimalString(monthly)),
          total_amount: Number(centsToDecimalString(cents + interest)),
        });
      }),
      { numRuns: 2000 },
    );
  });

  it("is monotonic in amount, rate and term", () => {
    fc.assert(
      fc.property(amountCents, rateBp, months, (cents, bp, m) => {
        const base = simpleInterest({ principalCents: cents, rateBasisPoints: bp, months: m }).interestCents;
        expect(
          simpleInterest({ principalCents: cents + 100n, rateBasisPoints: bp, months: m }).interestCents >=
            base,
        ).toBe(true);
        expect(
          simpleInterest({ principalCents: cents, rateBasisPoints: bp + 1n, months: m }).interestCents >=
            base,
        ).toBe(true);
      }),
    );
  });

  it("round-trips decimal strings exactly", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), (cents) => {
        const text = centsToDecimalString(cents);
        expect(toCents(text)).toBe(cents);
      }),
    );
  });

  it("divideHalfUp agrees with the definition", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 18n }), fc.bigInt({ min: 1n, max: 10n ** 9n }), (n, d) => {
        const q = divideHalfUp(n, d);
        // q is the integer nearest n/d with ties going up: n - q*d lies in [-d/2, d/2)
        const twice = 2n * (n - q * d);
        expect(twice >= -d && twice < d).toBe(true);
      }),
    );
  });
});
