import { describe, expect, it } from "vitest";
import { earlyClosureFigures, wholeMonthsBetween } from "./early-closure.ts";

describe("wholeMonthsBetween", () => {
  it("counts only whole calendar months, with the term's month-end rule", () => {
    expect(wholeMonthsBetween("2026-01-15", "2026-01-15")).toBe(0);
    expect(wholeMonthsBetween("2026-01-15", "2026-02-14")).toBe(0);
    expect(wholeMonthsBetween("2026-01-15", "2026-02-15")).toBe(1);
    expect(wholeMonthsBetween("2026-01-15", "2026-04-20")).toBe(3);
    // 31 January + 1 month = 28 February
    expect(wholeMonthsBetween("2026-01-31", "2026-02-27")).toBe(0);
    expect(wholeMonthsBetween("2026-01-31", "2026-02-28")).toBe(1);
    expect(wholeMonthsBetween("2025-11-30", "2026-02-28")).toBe(3);
    expect(wholeMonthsBetween("2026-03-01", "2026-02-01")).toBe(0);
  });
});

describe("earlyClosureFigures", () => {
  const base = { principalCents: 1_000_000n, rateBasisPoints: 300n, valueDate: "2026-01-15" } as const;

  it("pro_rata: simple interest for the whole months held", () => {
    // 10,000.00 at 3.00 % for 2 months = 50.00
    expect(earlyClosureFigures({ ...base, rule: "pro_rata", closeDate: "2026-04-14" })).toEqual({
      monthsHeld: 2,
      interestCents: 5_000n,
      payoutCents: 1_005_000n,
    });
  });

  it("no_interest: the principal back", () => {
    expect(earlyClosureFigures({ ...base, rule: "no_interest", closeDate: "2026-04-14" })).toEqual({
      monthsHeld: 2,
      interestCents: 0n,
      payoutCents: 1_000_000n,
    });
  });

  it("closed within the first month: no interest under either rule", () => {
    expect(earlyClosureFigures({ ...base, rule: "pro_rata", closeDate: "2026-02-01" }).interestCents).toBe(
      0n,
    );
  });
});
