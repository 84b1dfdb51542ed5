import type { Package } from "@festgeld/domain";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { changeLanguage, i18n, i18nReady } from "../../../lib/i18n.ts";
import {
  type ApplicationFormValues,
  applicationSchema,
  emptyApplication,
  startingValues,
  toRequest,
  validateApplication,
} from "./application-form.ts";

const twelveMonths: Package = {
  id: "3f1c2a4e-1111-4000-8000-000000000012",
  duration_months: 12,
  interest_rate: 3.5,
  min_amount: 5000,
  max_amount: 250_000,
  currency: "EUR",
  features: [],
  interest_payout: "at_maturity",
  bank: {
    id: "0b1a2c3d-0000-4000-8000-000000000001",
    slug: "demo-partnerbank",
    name: "Demo Partnerbank AG",
    country: "DE",
  },
};
const twelveMonthsBetter: Package = {
  ...twelveMonths,
  id: "3f1c2a4e-1111-4000-8000-000000000013",
  interest_rate: 3.8,
};

const valid: ApplicationFormValues = {
  ...emptyApplication(twelveMonths.id),
  full_name: "Erika Mustermann",
  email: "erika@example.com",
  phone: "+49 30 1234567",
  amount: "10000",
  reference_iban: "de89 3704 0044 0532 0130 00",
  maturity_instruction: "renew_principal",
  info_sheet_acknowledged: true,
};

beforeAll(async () => {
  await i18nReady;
  await i18n.loadNamespaces("invest");
});
afterEach(async () => {
  await changeLanguage("en");
});

describe("validateApplication", () => {
  it("finds nothing wrong with a complete application", () => {
    expect(validateApplication(valid, [twelveMonths])).toEqual({});
  });

  it("reports every missing required field of an empty form", () => {
    expect(Object.keys(validateApplication(emptyApplication(), [twelveMonths])).sort()).toEqual(
      [
        "amount",
        "email",
        "full_name",
        "info_sheet_acknowledged",
        "maturity_instruction",
        "package_id",
        "phone",
        "reference_iban",
      ].sort(),
    );
  });

  it("checks the amount against the chosen package, worded with its limits as money", () => {
    const amount = (text: string) => validateApplication({ ...valid, amount: text }, [twelveMonths]).amount;
    expect(amount("4900")).toBe("For this package, the amount must be between €5,000 and €250,000.");
    expect(amount("250100")).toBe("For this package, the amount must be between €5,000 and €250,000.");
    expect(amount("10050")).toBe("Please enter the amount in steps of €100.");
  });

  it("reads the amount in the saver's language and words its problem in it", async () => {
    await changeLanguage("de");
    const amount = (text: string) =>
      validateApplication({ ...valid, amount: text }, [twelveMonths], "de").amount;
    expect(amount("10.000")).toBeUndefined();
    expect(amount("10.000,50")?.replace(/\s/g, " ")).toBe(
      "Bitte geben Sie den Betrag in Schritten von 100 € ein.",
    );
    expect(toRequest({ ...valid, amount: "25.000" }, "de").amount).toBe(25_000);
  });

  it("explains what is wrong with an IBAN", () => {
    const problem = (iban: string) =>
      validateApplication({ ...valid, reference_iban: iban }, [twelveMonths]).reference_iban;
    expect(problem("DE89 3704 0044 0532 0130")).toBe(
      "An IBAN from DE has 22 characters. Please check that none is missing or extra.",
    );
    expect(problem("DE89 3704 0044 0532 0130 01")).toBe(
      "This IBAN is not valid. Please check it for a typing error.",
    );
    expect(problem("TR33 0006 1005 1978 6457 8413 26")).toBe(
      "The reference account must be held in a SEPA country; TR is not one.",
    );
  });

  it("refuses a package that is not in the list", () => {
    expect(validateApplication({ ...valid, package_id: "other" }, [twelveMonths]).package_id).toBe(
      "Please select a package.",
    );
  });
});

describe("applicationSchema", () => {
  it("gives the contract's request for valid values and the translated problems otherwise", async () => {
    const schema = applicationSchema([twelveMonths], "en");
    const ok = await schema.safeParseAsync(valid);
    expect(ok.data?.reference_iban).toBe("DE89370400440532013000");
    const bad = await schema.safeParseAsync({ ...valid, phone: "12" });
    expect(bad.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["phone", "Please enter a telephone number with 6 to 20 digits, e.g. +49 30 1234567."],
    ]);
  });
});

describe("startingValues", () => {
  it("takes a carried package that is offered and the amount as the saver would type it", () => {
    const start = startingValues({ packageId: twelveMonths.id, amount: 10_000.5 }, [twelveMonths], "de");
    expect(start.package_id).toBe(twelveMonths.id);
    expect(start.amount).toBe("10000,5");
    expect(startingValues({ packageId: "gone" }, [twelveMonths], "en").package_id).toBe("");
  });

  it("picks the best rate for a carried term whose limits take the amount", () => {
    const list = [twelveMonths, twelveMonthsBetter];
    expect(startingValues({ term: 12, amount: 10_000 }, list, "en").package_id).toBe(twelveMonthsBetter.id);
    expect(startingValues({ term: 12, amount: 1000 }, list, "en").package_id).toBe("");
  });
});

describe("toRequest", () => {
  it("sends the IBAN in electronic format, the amount as a number and no empty message", () => {
    expect(toRequest({ ...valid, message: "   " })).toEqual({
      full_name: "Erika Mustermann",
      email: "erika@example.com",
      phone: "+49 30 1234567",
      amount: 10_000,
      package_id: twelveMonths.id,
      reference_iban: "DE89370400440532013000",
      maturity_instruction: "renew_principal",
      info_sheet_acknowledged: true,
    });
    expect(toRequest({ ...valid, message: " Hello " }).message).toBe("Hello");
  });
});
