import type { Package } from "@festgeld/domain";
import { describe, expect, it } from "vitest";
import {
  type ApplicationFormValues,
  emptyApplication,
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

  it("checks the amount against the chosen package", () => {
    expect(validateApplication({ ...valid, amount: "4900" }, [twelveMonths]).amount).toEqual({
      key: "validation.amount.package",
      values: { min: 5000, max: 250_000 },
    });
    expect(validateApplication({ ...valid, amount: "250100" }, [twelveMonths]).amount?.key).toBe(
      "validation.amount.package",
    );
    expect(validateApplication({ ...valid, amount: "10050" }, [twelveMonths]).amount?.key).toBe(
      "validation.amount.step",
    );
  });

  it("explains what is wrong with an IBAN", () => {
    const problem = (iban: string) =>
      validateApplication({ ...valid, reference_iban: iban }, [twelveMonths]).reference_iban;
    expect(problem("DE89 3704 0044 0532 0130")).toEqual({
      key: "validation.iban.length",
      values: { country: "DE", length: 22 },
    });
    expect(problem("DE89 3704 0044 0532 0130 01")?.key).toBe("validation.iban.checksum");
    expect(problem("TR33 0006 1005 1978 6457 8413 26")?.key).toBe("validation.iban.country");
  });

  it("refuses a package that is not in the list", () => {
    expect(validateApplication({ ...valid, package_id: "other" }, [twelveMonths]).package_id?.key).toBe(
      "validation.packageRequired",
    );
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
