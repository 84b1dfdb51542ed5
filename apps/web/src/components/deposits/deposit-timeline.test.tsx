import type { Deposit } from "@festgeld/domain";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { i18nReady } from "../../lib/i18n.ts";
import { renderIn } from "../../test/render.tsx";
import { DepositTimeline } from "./deposit-timeline.tsx";

const base: Deposit = {
  id: "00000000-0000-4000-8000-000000000001",
  application_id: "00000000-0000-4000-8000-000000000002",
  previous_deposit_id: null,
  status: "awaiting_funds",
  reference: "RF37FG00100001",
  amount: 10_000,
  currency: "EUR",
  interest_rate: 3.5,
  term: 12,
  maturity_instruction: "renew_principal",
  renew_min_rate: null,
  early_closure: "not_allowed",
  interest_payout: "at_maturity",
  approved_at: "2026-01-15T10:00:00.000Z",
  funding_deadline: "2026-01-29T22:59:59.999Z",
  funded_at: null,
  value_date: null,
  maturity_date: null,
  instruction_cutoff: null,
  matured_at: null,
  paid_out_at: null,
  renewed_at: null,
  lapsed_at: null,
  withdrawn_at: null,
  closed_at: null,
  expected_interest: 350,
  ledger: { principal_received: 0, interest_credited: 0, paid_out: 0, carried_to_renewal: 0, balance: 0 },
  transfer: null,
};

async function show(language: "en" | "de" | "fr", deposit: Deposit) {
  await renderIn(
    language,
    "deposits",
    <DepositTimeline deposit={deposit} appliedAt="2026-01-14T09:00:00.000Z" />,
  );
  return screen.getAllByTestId("timeline-step").map((step) => ({
    step: step.dataset.step,
    state: step.dataset.state,
    // The visible words, without the decorative mark (hidden from assistive technology).
    text: step.lastElementChild?.textContent?.replace(/\s+/g, " ").trim(),
  }));
}

/** The steps of a deposit in words: each says its state, so none depends on colour. */
describe("DepositTimeline", () => {
  beforeAll(async () => {
    await i18nReady;
  });
  afterEach(cleanup);

  it("awaiting funds: the money is next, with its deadline; the rest is upcoming", async () => {
    const steps = await show("en", base);
    expect(steps.map((s) => [s.step, s.state])).toEqual([
      ["applied", "done"],
      ["approved", "done"],
      ["funded", "next"],
      ["active", "upcoming"],
      ["matures", "upcoming"],
      ["renewed", "upcoming"],
    ]);
    expect(steps[2]?.text).toBe("Money received (next)Your transfer must arrive by 29 January 2026");
    expect(steps[4]?.text).toContain("12 months after the value date");
  });

  it("lapsed: the line ends with the lapse, in German", async () => {
    const steps = await show("de", { ...base, status: "lapsed", lapsed_at: "2026-01-30T00:00:00.000Z" });
    expect(steps.map((s) => [s.step, s.state])).toEqual([
      ["applied", "done"],
      ["approved", "done"],
      ["lapsed", "stopped"],
    ]);
    expect(steps[2]?.text).toBe(
      "Verfallen: innerhalb von 14 Tagen kam kein Geld an (beendet)30. Januar 2026",
    );
  });

  it("paid out: every step done, dated; a renewal starts with the money carried over (French)", async () => {
    const funded = {
      ...base,
      funded_at: "2026-01-20T09:00:00.000Z",
      value_date: "2026-01-20",
      maturity_date: "2027-01-20",
      instruction_cutoff: "2027-01-15",
    };
    const paid = await show("en", {
      ...funded,
      status: "paid_out",
      maturity_instruction: "payout",
      matured_at: "2027-01-20T00:00:00.000Z",
      paid_out_at: "2027-01-20T00:00:00.000Z",
    });
    expect(paid.map((s) => [s.step, s.state])).toEqual([
      ["applied", "done"],
      ["approved", "done"],
      ["funded", "done"],
      ["active", "done"],
      ["matures", "done"],
      ["paid-out", "done"],
    ]);
    cleanup();
    const renewal = await show("fr", {
      ...funded,
      status: "active",
      previous_deposit_id: "00000000-0000-4000-8000-000000000003",
      funding_deadline: null,
    });
    expect(renewal.map((s) => [s.step, s.state])).toEqual([
      ["funded", "done"],
      // A running term is in progress, not done.
      ["active", "current"],
      ["matures", "next"],
      ["renewed", "upcoming"],
    ]);
    expect(renewal[1]?.text).toContain("(en cours)");
    expect(renewal[0]?.text).toBe("Reporté de la durée précédente (fait)20 janvier 2026");
  });
});
