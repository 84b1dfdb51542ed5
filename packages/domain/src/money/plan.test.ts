import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { earlyClosureFigures } from "./early-closure.ts";
import {
  accruedInterest,
  depositPlan,
  interestPaidBy,
  interestPayments,
  maturitySettlement,
  monthlyPaymentsDue,
  renewalCarry,
} from "./plan.ts";
import { addMonths } from "./term.ts";

/** The SPEC's example deposit: 10,000 EUR for 12 months at 3.5 %. */
const SPEC_EXAMPLE = { principalCents: 1_000_000n, rateBasisPoints: 350n, months: 12 } as const;

describe("depositPlan, worked examples", () => {
  // 10,000 EUR, 12 months, 3.5 %: 10,000 x 0.035 = 350.00 in total (the SPEC's example).
  it("at_maturity: the whole interest and the principal on the maturity date", () => {
    const plan = depositPlan({ ...SPEC_EXAMPLE, startDate: "2026-01-15", interestPayout: "at_maturity" });
    expect(plan.maturityDate).toBe("2027-01-15");
    expect(plan.totalInterestCents).toBe(35_000n);
    expect(plan.payments).toEqual([
      { kind: "interest", date: "2027-01-15", month: 12, amountCents: 35_000n },
      { kind: "principal", date: "2027-01-15", month: 12, amountCents: 1_000_000n },
    ]);
    expect(maturitySettlement(plan)).toEqual({ principalCents: 1_000_000n, interestCents: 35_000n });
  });

  // Monthly: 350.00 / 12 = 29.1666... -> 29.17 a month; 11 x 29.17 = 320.87, the last pays 350.00 - 320.87 = 29.13.
  it("monthly: 29.17 for eleven months, the last 29.13, together the closed formula's 350.00", () => {
    const plan = depositPlan({ ...SPEC_EXAMPLE, startDate: "2026-01-31", interestPayout: "monthly" });
    const interest = interestPayments(plan);
    expect(interest).toHaveLength(12);
    expect(interest.slice(0, 11).every((p) => p.amountCents === 2_917n)).toBe(true);
    expect(interest[11]?.amountCents).toBe(2_913n);
    // Dated by the term's month arithmetic: 31 January + 1 month = 28 February.
    expect(interest.slice(0, 3).map((p) => p.date)).toEqual(["2026-02-28", "2026-03-31", "2026-04-30"]);
    expect(interest[11]?.date).toBe(plan.maturityDate);
    expect(maturitySettlement(plan)).toEqual({ principalCents: 1_000_000n, interestCents: 0n });
    expect(monthlyPaymentsDue(plan, "2026-04-29").map((p) => p.month)).toEqual([1, 2]);
    expect(interestPaidBy(plan, "2026-04-30")).toBe(8_751n);
  });

  // A tiny month's interest rounds up (0.83 -> 1 cent) more than the total allows: payments stop at the
  // total and the last takes what is left, none negative. 1,000 EUR at 0.01 % for 36 months = 0.30.
  it("never pays more than the total, and no payment is negative", () => {
    const plan = depositPlan({
      principalCents: 100_000n,
      rateBasisPoints: 1n,
      months: 36,
      startDate: "2026-01-01",
      interestPayout: "monthly",
    });
    const amounts = interestPayments(plan).map((p) => p.amountCents);
    expect(plan.totalInterestCents).toBe(30n);
    expect(amounts.reduce((a, b) => a + b, 0n)).toBe(30n);
    expect(amounts.every((a) => a >= 0n)).toBe(true);
  });

  it("renewal carries the principal only for a monthly deposit, principal and interest for the other", () => {
    const base = { principalCents: 500_000n, rateBasisPoints: 250n, months: 3, startDate: "2026-01-01" };
    const atMaturity = depositPlan({ ...base, interestPayout: "at_maturity" });
    const monthly = depositPlan({ ...base, interestPayout: "monthly" });
    expect(renewalCarry(atMaturity, "all")).toEqual({ carriedCents: 503_125n, paidNowCents: 0n });
    expect(renewalCarry(atMaturity, "principal")).toEqual({ carriedCents: 500_000n, paidNowCents: 3_125n });
    expect(renewalCarry(monthly, "all")).toEqual({ carriedCents: 500_000n, paidNowCents: 0n });
    expect(renewalCarry(monthly, "principal")).toEqual({ carriedCents: 500_000n, paidNowCents: 0n });
  });

  it("early closure of a monthly deposit deducts what was paid", () => {
    // 10,000 EUR at 3 %, 12 months, monthly 25.00; closed after 2 whole months, both paid.
    const base = {
      principalCents: 1_000_000n,
      rateBasisPoints: 300n,
      valueDate: "2026-01-15",
      closeDate: "2026-04-14",
      months: 12,
      interestPayout: "monthly" as const,
      interestPaidCents: 5_000n,
    };
    expect(earlyClosureFigures({ ...base, rule: "pro_rata" })).toEqual({
      monthsHeld: 2,
      interestCents: 0n,
      payoutCents: 1_000_000n,
    });
    // The rule grants no interest: what was paid comes off the principal.
    expect(earlyClosureFigures({ ...base, rule: "no_interest" })).toEqual({
      monthsHeld: 2,
      interestCents: -5_000n,
      payoutCents: 995_000n,
    });
    // A month paid late (not yet ordered) is paid with the closure.
    expect(earlyClosureFigures({ ...base, rule: "pro_rata", interestPaidCents: 2_500n }).interestCents).toBe(
      2_500n,
    );
  });
});

/** The closed formula, computed independently in exact rationals: round(P x bp x m / 120,000) half-up. */
const closedFormula = (p: bigint, bp: bigint, m: number) => {
  const num = p * bp * BigInt(m);
  const den = 120_000n;
  const q = num / den;
  return (num % den) * 2n >= den ? q + 1n : q;
};

const planInput = fc.record({
  principalCents: fc.bigInt({ min: 0n, max: 1_000_000_000n }),
  rateBasisPoints: fc.bigInt({ min: 0n, max: 2_000n }),
  months: fc.integer({ min: 1, max: 120 }),
  startDate: fc
    .date({
      min: new Date("2000-01-01T00:00:00Z"),
      max: new Date("2090-12-31T00:00:00Z"),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString().slice(0, 10)),
  interestPayout: fc.constantFrom("at_maturity" as const, "monthly" as const),
});

describe("depositPlan, properties", () => {
  it("total interest is the closed formula (half-up); payments sum to principal + interest; none negative", () => {
    fc.assert(
      fc.property(planInput, (input) => {
        const plan = depositPlan(input);
        const total = closedFormula(input.principalCents, input.rateBasisPoints, input.months);
        expect(plan.totalInterestCents).toBe(total);
        const interest = interestPayments(plan).reduce((s, p) => s + p.amountCents, 0n);
        expect(interest).toBe(total);
        const all = plan.payments.reduce((s, p) => s + p.amountCents, 0n);
        expect(all).toBe(input.principalCents + total);
        expect(plan.payments.every((p) => p.amountCents >= 0n)).toBe(true);
        expect(plan.payments.every((p) => p.date <= plan.maturityDate)).toBe(true);
        expect(plan.maturityDate).toBe(addMonths(input.startDate, input.months));
      }),
      { numRuns: 500 },
    );
  });

  it("monthly: one payment per month, dated in order, each the month's half-up share but the last", () => {
    fc.assert(
      fc.property(planInput, (input) => {
        const plan = depositPlan({ ...input, interestPayout: "monthly" });
        const interest = interestPayments(plan);
        expect(interest.map((p) => p.month)).toEqual(Array.from({ length: input.months }, (_, i) => i + 1));
        for (let i = 1; i < interest.length; i++) {
          expect((interest[i - 1]?.date ?? "") < (interest[i]?.date ?? "")).toBe(true);
        }
        const month = closedFormula(input.principalCents, input.rateBasisPoints, 1);
        for (const p of interest.slice(0, -1)) expect(p.amountCents <= month).toBe(true);
        // Whenever the regular payments fit within the total, all but the last are exactly the month's share.
        if (month * BigInt(input.months - 1) <= plan.totalInterestCents) {
          for (const p of interest.slice(0, -1)) expect(p.amountCents).toBe(month);
        }
        // Paid by maturity: everything; accrued at maturity: everything.
        expect(interestPaidBy(plan, plan.maturityDate)).toBe(plan.totalInterestCents);
        expect(accruedInterest(plan, plan.maturityDate).interestCents).toBe(plan.totalInterestCents);
      }),
      { numRuns: 500 },
    );
  });

  it("accrual grows with time and never passes the total", () => {
    fc.assert(
      fc.property(planInput, fc.integer({ min: 0, max: 130 }), (input, k) => {
        const plan = depositPlan(input);
        const a = accruedInterest(plan, addMonths(input.startDate, k)).interestCents;
        const b = accruedInterest(plan, addMonths(input.startDate, k + 1)).interestCents;
        expect(a <= b).toBe(true);
        expect(b <= plan.totalInterestCents).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
