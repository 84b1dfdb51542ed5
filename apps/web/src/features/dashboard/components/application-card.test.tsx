import type { Application } from "@festgeld/domain";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { i18nReady } from "../../../lib/i18n.ts";
import { renderIn } from "../../../test/render.tsx";
import { ApplicationCard } from "./application-card.tsx";

const approved: Application = {
  id: "00000000-0000-4000-8000-000000000001",
  userId: "00000000-0000-4000-8000-000000000002",
  full_name: "Erika Mustermann",
  email: "erika@example.test",
  phone: "+49 30 1234567",
  amount: 10_000,
  currency: "EUR",
  term: 12,
  status: "approved",
  created_at: "2026-01-14T09:00:00.000Z",
  package_id: "00000000-0000-4000-8000-000000000003",
  package: {
    duration_months: 12,
    interest_rate: 3.5,
    interest_payout: "at_maturity",
    bank: {
      id: "00000000-0000-4000-8000-000000000004",
      slug: "demo",
      name: "Demo Partnerbank AG",
      country: "DE",
    },
  },
  message: null,
  reference_iban: "DE89 •••• 3000",
  maturity_instruction: "payout",
  renew_min_rate: null,
  ladder_id: null,
  missing_details: [],
  expected_interest: 350,
  maturity_amount: 10_350,
  maturity_date: "2027-01-20",
  withdrawal_deadline: null,
  decided_at: "2026-01-15T10:00:00.000Z",
  withdrawn_at: null,
  rejection_reason: null,
  deposit: null,
  previous_deposits: [],
};

beforeAll(async () => {
  await i18nReady;
});
afterEach(cleanup);

describe("ApplicationCard", () => {
  it("writes every date of the card in one style, the long one the deposit's dates use", async () => {
    const dates = async (language: "en" | "de" | "fr") => {
      await renderIn(language, "invest", <ApplicationCard application={approved} />);
      const text = (key: string) => screen.getByTestId(`application-${key}`).textContent;
      const shown = [text("submitted"), text("approved-on"), text("maturity-date")];
      cleanup();
      return shown;
    };
    expect(await dates("de")).toEqual(["14. Januar 2026", "15. Januar 2026", "20. Januar 2027"]);
    expect(await dates("en")).toEqual(["14 January 2026", "15 January 2026", "20 January 2027"]);
    expect(await dates("fr")).toEqual(["14 janvier 2026", "15 janvier 2026", "20 janvier 2027"]);
  });
});
