import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LADDER_STEP_CENTS, ladderProblems, splitLadder } from "./ladder.ts";

const eur = (n: number) => BigInt(n) * 100n;

describe("splitLadder", () => {
  it("splits 30,000 EUR over three terms equally", () => {
    expect(splitLadder({ totalCents: eur(30_000), terms: [12, 6, 24] })).toEqual([
      { termMonths: 6, amountCents: eur(10_000) },
      { termMonths: 12, amountCents: eur(10_000) },
      { termMonths: 24, amountCents: eur(10_000) },
    ]);
  });

  it("puts the remainder, cents included, on the longest rung", () => {
    // 10,000.50 / 3 = 3,333.50: the shares are rounded down to 3,300, the longest takes 3,400.50.
    expect(splitLadder({ totalCents: 1_000_050n, terms: [6, 12, 24] })).toEqual([
      { termMonths: 6, amountCents: eur(3_300) },
      { termMonths: 12, amountCents: eur(3_300) },
      { termMonths: 24, amountCents: 340_050n },
    ]);
  });

  it("refuses repeated terms", () => {
    expect(() => splitLadder({ totalCents: eur(5_000), terms: [6, 6] })).toThrow(RangeError);
  });

  const terms = fc.uniqueArray(fc.integer({ min: 1, max: 120 }), { minLength: 1, maxLength: 6 });
  const total = fc.bigInt({ min: 0n, max: 1_000_000_000n });

  it("always sums to the total (property)", () => {
    fc.assert(
      fc.property(total, terms, (totalCents, ts) => {
        const rungs = splitLadder({ totalCents, terms: ts });
        expect(rungs.reduce((sum, r) => sum + r.amountCents, 0n)).toBe(totalCents);
      }),
    );
  });

  it("makes every rung but the longest a multiple of 100 EUR, the longest at least as large (property)", () => {
    fc.assert(
      fc.property(total, terms, (totalCents, ts) => {
        const rungs = splitLadder({ totalCents, terms: ts });
        const longest = rungs.at(-1);
        expect(longest?.termMonths).toBe(Math.max(...ts));
        for (const rung of rungs.slice(0, -1)) {
          expect(rung.amountCents % LADDER_STEP_CENTS).toBe(0n);
          expect(rung.amountCents).toBeLessThanOrEqual(longest?.amountCents ?? 0n);
          // Independent check: the share is the largest multiple of 100 EUR not above total / rungs.
          expect(rung.amountCents * BigInt(ts.length)).toBeLessThanOrEqual(totalCents);
          expect((rung.amountCents + LADDER_STEP_CENTS) * BigInt(ts.length)).toBeGreaterThan(totalCents);
        }
      }),
    );
  });
});

describe("ladderProblems", () => {
  const limits = (term: number) =>
    term === 36 ? undefined : { minCents: eur(5_000), maxCents: term === 6 ? eur(20_000) : eur(1_000_000) };

  it("names each rung below the minimum, above the maximum or without a package, by its request index", () => {
    const requested = [24, 36, 6, 12];
    const rungs = [
      { termMonths: 6, amountCents: eur(25_000) },
      { termMonths: 12, amountCents: eur(4_900) },
      { termMonths: 24, amountCents: eur(5_000) },
      { termMonths: 36, amountCents: eur(5_000) },
    ];
    expect(ladderProblems(rungs, requested, limits)).toEqual([
      { index: 1, termMonths: 36, code: "ladder_term_not_offered" },
      {
        index: 2,
        termMonths: 6,
        code: "ladder_rung_above_maximum",
        amountCents: eur(25_000),
        limitCents: eur(20_000),
      },
      {
        index: 3,
        termMonths: 12,
        code: "ladder_rung_below_minimum",
        amountCents: eur(4_900),
        limitCents: eur(5_000),
      },
    ]);
  });

  it("accepts rungs exactly at the limits", () => {
    const rungs = [
      { termMonths: 6, amountCents: eur(20_000) },
      { termMonths: 12, amountCents: eur(5_000) },
    ];
    expect(ladderProblems(rungs, [6, 12], limits)).toEqual([]);
  });
});
