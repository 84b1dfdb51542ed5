import { describe, expect, it } from "vitest";
import { splitPaymentReferences } from "./payment-references.ts";

const references = (text: string) =>
  splitPaymentReferences(text)
    .filter((part) => part.reference)
    .map((part) => part.text);

describe("splitPaymentReferences", () => {
  it("finds a printed RF reference in a message line, in every language's punctuation", () => {
    expect(references("Payment reference: RF18 5390 0754 7034")).toEqual(["RF18 5390 0754 7034"]);
    expect(references("Référence de paiement : RF37 FG00 1000 01.")).toEqual(["RF37 FG00 1000 01"]);
    expect(references("Zahlungsreferenz: RF37 FG00 1000 01\nBetrag: 10.000,00 €")).toEqual([
      "RF37 FG00 1000 01",
    ]);
  });

  it("ends the reference where its check digits say, not at a capitalised word after it", () => {
    expect(references("RF18 5390 0754 7034 EUR 10,000.00")).toEqual(["RF18 5390 0754 7034"]);
    expect(references("RF37 FG00 1000 01 AG")).toEqual(["RF37 FG00 1000 01"]);
  });

  it("leaves alone what only looks like one: wrong check digits, no groups, other text", () => {
    expect(references("RF19 5390 0754 7034")).toEqual([]);
    expect(references("RF18539007547034 in one piece needs no care")).toEqual([]);
    expect(references("Your application ABCD1234 is approved")).toEqual([]);
  });

  it("keeps every character: the parts joined are the text", () => {
    const text = "Please quote RF18 5390 0754 7034 and RF37 FG00 1000 01, not RF19 5390 0754 7034.";
    const parts = splitPaymentReferences(text);
    expect(parts.map((part) => part.text).join("")).toBe(text);
    expect(parts.filter((part) => part.reference).map((part) => part.text)).toEqual([
      "RF18 5390 0754 7034",
      "RF37 FG00 1000 01",
    ]);
  });
});
