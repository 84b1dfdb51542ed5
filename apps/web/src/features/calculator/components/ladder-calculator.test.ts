import type { Package } from "@festgeld/domain";
import { describe, expect, it } from "vitest";
import { ladderFigures } from "./ladder-calculator.tsx";

const pkg = (
  duration_months: number,
  interest_rate: number,
  min_amount = 1000,
  max_amount = 100_000,
): Package => ({
  id: `00000000-0000-4000-8000-0000000000${String(duration_months).padStart(2, "0")}`,
  duration_months,
  interest_rate,
  min_amount,
  max_amount,
  currency: "EUR",
  features: [],
  interest_payout: "at_maturity",
  bank: { id: "demo-partnerbank", slug: "demo-partnerbank", name: "Demo Partnerbank AG", country: "DE" },
});

describe("ladderFigures", () => {
  const packages = [pkg(6, 3), pkg(12, 3.5, 5000), pkg(12, 3.2), pkg(24, 3.75, 5000, 500_000)];

  it("splits like the server, takes each term's best rate and dates each rung from today", () => {
    const rungs = ladderFigures(3_000_000n, [24, 6, 12], packages, "2026-01-31");
    expect(rungs.map((r) => [r.term, r.amount, r.rate, r.available, r.problem])).toEqual([
      [6, 10_000, 3, "2026-07-31", null],
      [12, 10_000, 3.5, "2027-01-31", null],
      [24, 10_000, 3.75, "2028-01-31", null],
    ]);
    // 10,000 at 3 % for 6 months, 3.5 % for 12, 3.75 % for 24: 150 + 350 + 750.
    expect(rungs.map((r) => r.interest)).toEqual([150, 350, 750]);
  });

  it("marks a rung outside its package's limits and a term without a package", () => {
    const rungs = ladderFigures(900_000n, [6, 12, 36], packages, "2026-01-31");
    expect(rungs.map((r) => [r.term, r.problem])).toEqual([
      [6, null],
      [12, "outOfRange"],
      [36, "notOffered"],
    ]);
  });
});
