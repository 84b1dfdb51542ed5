import type { AdminBank, BankCreateRequest } from "@festgeld/domain";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { i18nReady } from "../../../lib/i18n.ts";
import { renderIn } from "../../../test/render.tsx";
import { BankForm } from "./bank-form.tsx";

const bank = (coverage_cents: number): AdminBank => ({
  id: "00000000-0000-4000-8000-000000000001",
  slug: "demo-partnerbank",
  name: "Demo Partnerbank AG",
  country: "DE",
  city: "Frankfurt am Main",
  bic: "DEMODEFFXXX",
  lei: null,
  supervisor: "BaFin",
  register_entry: "HRB 1",
  description: { en: "", de: "", fr: "" },
  scheme: { name: "EdB", coverage_cents, website: null, contact: null, repayment_days: 7 },
  info_sheet: { en: "", de: "", fr: "" },
  country_rating: null,
  account: null,
  logo_url: null,
  partner_since: null,
  status: "active",
  package_count: 0,
  exposure: { held_cents: 0, pending_cents: 0, savers: 0 },
  created_at: "2026-01-01T00:00:00Z",
  updated_at: "2026-01-01T00:00:00Z",
});

/** The form with `initial`; what it sends on "Save". */
async function form(initial: AdminBank | null) {
  const sent: BankCreateRequest[] = [];
  await renderIn(
    "en",
    "banks",
    <BankForm
      initial={initial}
      onSubmit={(body) => sent.push(body)}
      onCancel={() => {}}
      submitting={false}
      serverError={null}
      serverFields={[]}
    />,
  );
  const coverage = screen.getByLabelText("Coverage per saver (EUR)") as HTMLInputElement;
  const save = () => {
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    return sent.at(-1)?.scheme.coverage_cents;
  };
  return { coverage, save };
}

describe("BankForm's coverage per saver", () => {
  beforeAll(async () => {
    await i18nReady;
  });
  afterEach(cleanup);

  it("starts a new bank at 100000 euros and sends it in cents", async () => {
    const { coverage, save } = await form(null);
    expect(coverage.value).toBe("100000");
    expect(save()).toBe(10_000_000);
  });

  it("shows a bank's coverage in euros without trailing zeros, and sends what staff type, in cents", async () => {
    const { coverage, save } = await form(bank(2_500_050));
    expect(coverage.value).toBe("25000.5");
    expect(save()).toBe(2_500_050);
    fireEvent.change(coverage, { target: { value: "85,000.10" } });
    expect(save()).toBe(8_500_010);
  });
});
