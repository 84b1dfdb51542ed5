import { LANGUAGES } from "@festgeld/domain";
import { describe, expect, it } from "vitest";
import { storedFactsInCents } from "../src/modules/messages/message-events.ts";
import { eventText } from "../src/modules/messages/message-texts.ts";

const approval = (transferCents: number) =>
  ({
    application_id: "0f8fad5b-d9cb-469f-a165-70867728950e",
    amount_cents: 1_000_000,
    currency: "EUR",
    rate: "3.50",
    term_months: 12,
    approved_at: "2026-03-02T10:00:00.000Z",
    withdrawal_deadline: "2026-03-16T10:00:00.000Z",
    transfer: {
      account_holder: "Demo Partnerbank AG",
      iban: "DE89370400440532013000",
      bic: "COBADEFFXXX",
      reference: "RF18539007547034",
      amount_cents: transferCents,
      currency: "EUR",
      deadline: "2026-03-20",
    },
  }) as const;

describe("the approval's e-mail and PDF figures", () => {
  it("print the IBAN and the RF reference in groups of four and the amount once, in every language", () => {
    for (const language of LANGUAGES) {
      const text = eventText("application_approved", approval(1_000_000), language);
      const values = text.rows.map(([, value]) => value);
      expect(values, language).toContain("DE89 3704 0044 0532 0130 00");
      expect(values, language).toContain("RF18 5390 0754 7034");
      const labels = text.rows.map(([label]) => label);
      expect(new Set(labels).size, `${language}: ${labels.join(", ")}`).toBe(labels.length);
    }
  });

  it("lists the transfer amount as well when it differs from the application's", () => {
    const text = eventText("application_approved", approval(950_000), "en");
    expect(text.rows.filter(([label]) => label === "Amount")).toHaveLength(2);
  });

  it("prints a deposit event's payment reference grouped", () => {
    const text = eventText(
      "deposit_funded",
      {
        application_id: "0f8fad5b-d9cb-469f-a165-70867728950e",
        deposit_reference: "RF18539007547034",
        amount_cents: 1_000_000,
        currency: "EUR",
        rate: "3.50",
        term_months: 12,
        value_date: "2026-03-20",
        maturity_date: "2027-03-20",
      },
      "de",
    );
    expect(text.rows.map(([, v]) => v)).toContain("RF18 5390 0754 7034");
  });
});

describe("an e-mail queued before amounts were cents", () => {
  it("reads the stored decimal euros in cents and says the same as facts written now", () => {
    const legacy = {
      application_id: "0f8fad5b-d9cb-469f-a165-70867728950e",
      deposit_reference: "RF18539007547034",
      amount: "10000.00",
      currency: "EUR",
      maturity_date: "2027-03-20",
      principal: "10000.00",
      gross_interest: "350.05",
      payout: "10350.05",
      reference_iban: null,
    };
    const now = {
      application_id: legacy.application_id,
      deposit_reference: legacy.deposit_reference,
      amount_cents: 1_000_000,
      currency: "EUR",
      maturity_date: "2027-03-20",
      principal_cents: 1_000_000,
      gross_interest_cents: 35_005,
      payout_cents: 1_035_005,
      reference_iban: null,
    };
    expect(storedFactsInCents(legacy)).toEqual(now);
    expect(storedFactsInCents(now)).toEqual(now);
    for (const language of LANGUAGES) {
      const text = eventText("deposit_paid_out", now, language);
      expect(eventText("deposit_paid_out", storedFactsInCents(legacy) as typeof now, language)).toEqual(text);
      expect(text.rows.map(([, value]) => value).join(" "), language).toMatch(/10[.,\s\u202f]?350[.,]05/);
    }
  });
});
