import type { Package } from "@festgeld/domain";
import { type Money, moneyToJsonNumber } from "@festgeld/domain/money";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { createElement } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { i18n, i18nReady } from "../../../lib/i18n.ts";
import { renderIn } from "../../../test/render.tsx";
import { LadderCalculator, ladderFigures } from "./ladder-calculator.tsx";

/** A rung's figure in units, as the contract writes amounts. */
const units = (amount: Money) => moneyToJsonNumber(amount);

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
    expect(rungs.map((r) => [r.term, units(r.principal), r.rate, r.available, r.problem])).toEqual([
      [6, 10_000, 3, "2026-07-31", null],
      [12, 10_000, 3.5, "2027-01-31", null],
      [24, 10_000, 3.75, "2028-01-31", null],
    ]);
    // 10,000 at 3 % for 6 months, 3.5 % for 12, 3.75 % for 24: 150 + 350 + 750.
    expect(rungs.map((r) => units(r.interestEarned))).toEqual([150, 350, 750]);
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

describe("ladderFigures, a package's limits to the cent", () => {
  // The 12-month rung is the longest and takes the remainder, cents included.
  const limited = [pkg(6, 3, 1000, 5000), pkg(12, 3.5, 5000, 5000)];

  it("takes a rung at a limit itself, and flags one a cent below the minimum or above the maximum", () => {
    const at = ladderFigures(990_000n, [6, 12], limited, "2026-01-31");
    expect(at.map((r) => [r.term, units(r.principal), r.problem])).toEqual([
      [6, 4900, null],
      [12, 5000, null],
    ]);
    const above = ladderFigures(990_001n, [6, 12], limited, "2026-01-31");
    expect(above.map((r) => [r.term, units(r.principal), r.problem])).toEqual([
      [6, 4900, null],
      [12, 5000.01, "outOfRange"],
    ]);
    const below = ladderFigures(989_999n, [6, 12], limited, "2026-01-31");
    expect(below.map((r) => [r.term, units(r.principal), r.problem])).toEqual([
      [6, 4900, null],
      [12, 4999.99, "outOfRange"],
    ]);
  });

  it("gives a rung's interest to the cent", () => {
    // 5,000.01 at 3.5 % for 12 months is 175.00035, rounded half-up: 175.00.
    const [, longest] = ladderFigures(990_001n, [6, 12], limited, "2026-01-31");
    expect(longest && units(longest.interestEarned)).toBe(175);
  });

  it("applies a rung to a euro package only, as the server's ladders are in euro", () => {
    const dollars: Package = { ...pkg(12, 9), currency: "USD" };
    expect(
      ladderFigures(2_000_000n, [6, 12], [pkg(6, 3), dollars], "2026-01-31").map((r) => [r.rate, r.problem]),
    ).toEqual([
      [3, null],
      [null, "notOffered"],
    ]);
    expect(
      ladderFigures(2_000_000n, [6, 12], [pkg(6, 3), pkg(12, 3.5), dollars], "2026-01-31").map((r) => r.rate),
    ).toEqual([3, 3.5]);
  });
});

describe("LadderCalculator", () => {
  beforeAll(async () => {
    await i18nReady;
    await i18n.loadNamespaces(["tools", "invest"]);
  });
  afterEach(cleanup);

  it("reads a German total with cents and sums the rungs and their interest to the cent", async () => {
    const packages = [pkg(6, 3), pkg(12, 3.5), pkg(24, 3.75)];
    await renderIn(
      "de",
      "tools",
      createElement(MemoryRouter, null, createElement(LadderCalculator, { packages })),
    );
    fireEvent.change(screen.getByLabelText("Gesamtbetrag (€)"), { target: { value: "30.000,50" } });
    const rows = within(screen.getByTestId("ladder-rungs")).getAllByRole("row");
    const text = (row: HTMLElement | undefined) => row?.textContent?.replace(/\s/g, " ");
    // 10,000 for 6 and 12 months, the remainder 10,000.50 for 24: 150.00 + 350.00 + 750.04 interest
    // (10,000.50 at 3.75 % for two years is 750.0375).
    expect(text(rows[3])).toContain("10.000,50 €");
    expect(text(rows[3])).toContain("750,04 €");
    expect(text(rows.at(-1))).toContain("30.000,50 €");
    expect(screen.getByTestId("ladder-total-interest").textContent?.replace(/\s/g, " ")).toBe("1.250,04 €");
  });
});
