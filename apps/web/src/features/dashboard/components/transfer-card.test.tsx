import type { Deposit } from "@festgeld/domain";
import type { Language } from "@festgeld/domain/constants";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { i18n, i18nReady } from "../../../lib/i18n.ts";
import { renderIn } from "../../../test/render.tsx";

/** The QR route as the server answers it: asked for only when the transfer has a payload. */
const qrCalls: string[] = [];
vi.mock("../../../lib/api-client.ts", () => ({
  api: {
    call: vi.fn(async (operation: { id: string }, input: { params: { id: string } }) => {
      qrCalls.push(`${operation.id}:${input.params.id}`);
      return { payload: "BCD", svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' };
    }),
  },
}));

const { TransferCard } = await import("./transfer-card.tsx");

type Transfer = NonNullable<Deposit["transfer"]>;

const EUR_PAYLOAD = [
  "BCD",
  "002",
  "1",
  "SCT",
  "DEMODEFFXXX",
  "Demo Partnerbank AG",
  "DE52000000000012345678",
  "EUR10000.00",
  "",
  "RF37FG00100001",
].join("\n");

const transfer = (overrides: Partial<Transfer> = {}): Transfer => ({
  account_holder: "Demo Partnerbank AG",
  iban: "DE52000000000012345678",
  bic: "DEMODEFFXXX",
  bank_name: "Demo Partnerbank",
  amount: 10_000,
  currency: "EUR",
  reference: "RF37FG00100001",
  reference_formatted: "RF37 FG00 1000 01",
  deadline: "2026-01-29T22:59:59.999Z",
  epc_qr_payload: EUR_PAYLOAD,
  ...overrides,
});

async function show(language: Language, value: Transfer) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await i18n.loadNamespaces(["deposits", "tools"]);
  return renderIn(
    language,
    "deposits",
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <TransferCard depositId="00000000-0000-4000-8000-000000000001" transfer={value} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await i18nReady;
});
afterEach(() => {
  cleanup();
  qrCalls.length = 0;
});

describe("TransferCard", () => {
  it("shows the GiroCode beside the details of a euro transfer", async () => {
    await show("en", transfer());
    expect(await screen.findByTestId("transfer-qr")).toBeTruthy();
    expect(qrCalls).toEqual(["depositsTransferQr:00000000-0000-4000-8000-000000000001"]);
    expect(screen.queryByTestId("transfer-qr-euro-only")).toBeNull();
  });

  it("shows the details of a USD or GBP transfer alone, says why, and never asks for a QR code", async () => {
    const said: Record<Language, RegExp> = {
      en: /QR payment codes exist for euro transfers only/,
      de: /QR-Codes für Zahlungen gibt es nur für Überweisungen in Euro/,
      fr: /Les codes QR de paiement n'existent que pour les virements en euros/,
    };
    for (const [language, currency] of [
      ["en", "USD"],
      ["de", "GBP"],
      ["fr", "USD"],
    ] as const) {
      await show(language, transfer({ currency, epc_qr_payload: null }));
      expect((await screen.findByTestId("transfer-qr-euro-only")).textContent).toMatch(said[language]);
      expect(screen.queryByTestId("transfer-qr")).toBeNull();
      expect(screen.queryByRole("figure")).toBeNull();
      expect(screen.getByTestId("transfer-reference").textContent).toBe("RF37 FG00 1000 01");
      expect(screen.getByTestId("transfer-amount").textContent).toMatch(/10\D?000/);
      cleanup();
    }
    expect(qrCalls).toEqual([]);
  });
});
