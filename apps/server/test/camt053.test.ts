import { describe, expect, it } from "vitest";
import { findCreditorReferences, parseCamt053 } from "../src/modules/deposits/camt053.ts";
import { camt053 } from "./helpers/deposits.ts";

describe("camt.053 reading", () => {
  it("finds an RF reference in free text, spaced or not, with its check digits", () => {
    expect(findCreditorReferences("Festgeld RF18 5390 0754 7034 Erika")).toEqual(["RF18539007547034"]);
    expect(findCreditorReferences("RF18539007547034")).toEqual(["RF18539007547034"]);
    // Upper-case text after the reference: every word-ending prefix with valid check digits, longest first.
    expect(findCreditorReferences("FESTGELD RF18 5390 0754 7034 ERIKA")).toContain("RF18539007547034");
    expect(findCreditorReferences("RF19 5390 0754 7034")).toEqual([]);
    expect(findCreditorReferences("Rent May")).toEqual([]);
  });

  for (const version of ["02", "08"] as const) {
    it(`reads booked credits of camt.053.001.${version}, skipping debits`, () => {
      const statement = parseCamt053(
        camt053(version, {
          messageId: "M1",
          credits: [
            { amount: "1234.56", reference: "RF18539007547034", name: "Max Muster", valueDate: "2025-03-03" },
            { amount: "10.00", unstructured: "no reference here", iban: "FR1420041010050500013M02606" },
          ],
        }),
      );
      expect(statement).toMatchObject({
        format: `camt.053.001.${version}`,
        messageId: "M1",
        statementId: "M1-1",
        accountIban: "DE52000000000012345678",
      });
      expect(statement.credits).toEqual([
        {
          amountCents: 123_456n,
          currency: "EUR",
          valueDate: "2025-03-03",
          reference: "RF18539007547034",
          candidates: ["RF18539007547034"],
          payerName: "Max Muster",
          payerIban: "DE89370400440532013000",
          bankReference: "E2E-0",
        },
        expect.objectContaining({
          amountCents: 1000n,
          reference: null,
          payerIban: "FR1420041010050500013M02606",
        }),
      ]);
    });
  }
});
