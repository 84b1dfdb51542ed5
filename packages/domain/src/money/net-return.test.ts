import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { estimateNetReturn } from "./net-return.ts";

describe("estimateNetReturn", () => {
  it("Germany without church tax: 26.375 % of what exceeds the allowance", () => {
    // 3,500.00 EUR interest, 1,000 EUR allowance: 2,500.00 taxable; 625.00 flat tax, 34.38 solidarity.
    const e = estimateNetReturn({ grossInterestCents: 350_000n, residence: "de", allowanceCents: 100_000n });
    expect(e.taxableCents).toBe(250_000n);
    expect(e.lines).toEqual([
      { kind: "income_tax", cents: 62_500n },
      { kind: "solidarity_surcharge", cents: 3_438n },
    ]);
    expect(e.taxCents).toBe(65_938n);
    expect(e.netInterestCents).toBe(284_062n);
  });

  it("Germany with 9 % church tax: the flat tax is reduced so church tax is deductible", () => {
    // 10,000.00 taxable: flat tax 100/409 = 2,444.99; solidarity 134.47; church tax 220.05.
    const e = estimateNetReturn({ grossInterestCents: 1_000_000n, residence: "de", churchTaxRate: 9 });
    expect(e.lines).toEqual([
      { kind: "income_tax", cents: 244_499n },
      { kind: "solidarity_surcharge", cents: 13_447n },
      { kind: "church_tax", cents: 22_005n },
    ]);
    // About 27.99 % in all, as the tax offices publish it.
    expect(Number(e.taxCents) / 1_000_000).toBeCloseTo(0.2799, 3);
  });

  it("Germany with 8 % church tax is about 27.82 %", () => {
    const e = estimateNetReturn({ grossInterestCents: 1_000_000n, residence: "de", churchTaxRate: 8 });
    expect(Number(e.taxCents) / 1_000_000).toBeCloseTo(0.2782, 3);
  });

  it("interest within the allowance is not taxed", () => {
    const e = estimateNetReturn({ grossInterestCents: 150_000n, residence: "de", allowanceCents: 200_000n });
    expect(e.taxCents).toBe(0n);
    expect(e.netInterestCents).toBe(150_000n);
  });

  it("France: 30 % flat levy, 12.8 % income tax and 17.2 % social charges", () => {
    const e = estimateNetReturn({ grossInterestCents: 350_000n, residence: "fr" });
    expect(e.lines).toEqual([
      { kind: "income_tax", cents: 44_800n },
      { kind: "social_charges", cents: 60_200n },
    ]);
    expect(e.netInterestCents).toBe(245_000n);
  });

  it("other residences: no estimate of tax", () => {
    const e = estimateNetReturn({ grossInterestCents: 350_000n, residence: "other" });
    expect(e.taxCents).toBe(0n);
    expect(e.lines).toEqual([]);
  });

  it("refuses an allowance beyond 2,000 EUR", () => {
    expect(() =>
      estimateNetReturn({ grossInterestCents: 1n, residence: "de", allowanceCents: 200_001n }),
    ).toThrow(RangeError);
  });

  it("net plus tax is always the gross interest and tax never exceeds 30 %", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10_000_000_000n }),
        fc.constantFrom("de" as const, "fr" as const, "other" as const),
        fc.constantFrom(0 as const, 8 as const, 9 as const),
        fc.bigInt({ min: 0n, max: 200_000n }),
        (gross, residence, churchTaxRate, allowanceCents) => {
          const e = estimateNetReturn({
            grossInterestCents: gross,
            residence,
            churchTaxRate,
            allowanceCents,
          });
          expect(e.netInterestCents + e.taxCents).toBe(gross);
          // Each component is rounded to the cent, so the sum may exceed 30 % by at most one cent.
          expect(e.taxCents * 100n <= gross * 30n + 100n).toBe(true);
          expect(e.netInterestCents >= 0n).toBe(true);
        },
      ),
    );
  });
});
