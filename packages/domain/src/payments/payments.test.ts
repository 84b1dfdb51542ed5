import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isValidIban } from "../iban.ts";
import { eur, money } from "../money/money.ts";
import {
  creditorReference,
  depositReference,
  formatCreditorReference,
  isValidCreditorReference,
} from "./creditor-reference.ts";
import { EPC_QR_CURRENCY, EpcPayloadError, epcQrPayload, epcQrSupports } from "./epc-qr.ts";

describe("ISO 11649 creditor reference", () => {
  it("computes the check digits of the standard's example (RF18 5390 0754 7034)", () => {
    expect(creditorReference("539007547034")).toBe("RF18539007547034");
    expect(isValidCreditorReference("RF18 5390 0754 7034")).toBe(true);
    expect(formatCreditorReference("RF18539007547034")).toBe("RF18 5390 0754 7034");
  });

  it("accepts letters (A = 10 ... Z = 35) and pads single-digit check digits", () => {
    // "A" + "RF00" reads 10 27 15 00 00; 1027150000 mod 97 = 73, so the check digits are 98 - 73 = 25
    expect(creditorReference("a")).toBe("RF25A");
    const small = creditorReference("FG00100001");
    expect(small).toMatch(/^RF\d{2}FG00100001$/);
    expect(isValidCreditorReference(small)).toBe(true);
  });

  it("refuses wrong check digits, bad characters and bodies longer than 21", () => {
    expect(isValidCreditorReference("RF19539007547034")).toBe(false);
    expect(isValidCreditorReference("RF18539007547035")).toBe(false);
    expect(isValidCreditorReference("XX18539007547034")).toBe(false);
    expect(isValidCreditorReference("RF18")).toBe(false);
    expect(() => creditorReference("A".repeat(22))).toThrow(RangeError);
    expect(() => creditorReference("AB-1")).toThrow(RangeError);
  });

  it("deposit references: RF + FG + eight digits, unique per number", () => {
    expect(depositReference(100001)).toBe(creditorReference("FG00100001"));
    expect(depositReference(100001)).not.toBe(depositReference(100002));
  });

  it("property: every reference validates; a mistyped digit or two swapped digits are caught", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z0-9]{1,21}$/), (body) =>
        isValidCreditorReference(creditorReference(body)),
      ),
    );
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9]{1,21}$/),
        fc.nat(),
        fc.constantFrom(..."0123456789"),
        (body, at, replacement) => {
          const reference = creditorReference(body);
          expect(isValidCreditorReference(reference)).toBe(true);
          const i = 4 + (at % body.length);
          if (reference[i] === replacement) return;
          const changed = reference.slice(0, i) + replacement + reference.slice(i + 1);
          // MOD 97-10 catches every single-digit substitution.
          expect(isValidCreditorReference(changed)).toBe(false);
          const j = i + 1;
          if (j < reference.length && reference[i] !== reference[j]) {
            const swapped = reference.slice(0, i) + reference[j] + reference[i] + reference.slice(j + 1);
            expect(isValidCreditorReference(swapped)).toBe(false);
          }
        },
      ),
    );
  });
});

describe("EPC069-12 QR payload", () => {
  const transfer = {
    bic: "DEMODEFF",
    name: "Festgeld Demo Treuhand",
    iban: "DE02 1203 0000 0000 2020 51",
    amountCents: 1_000_000n,
    reference: "RF18 5390 0754 7034",
  };

  it("has the guideline's fields in order: BCD, 002, 1, SCT, BIC, name, IBAN, amount, purpose, reference", () => {
    const lines = epcQrPayload(transfer).split("\n");
    expect(lines).toEqual([
      "BCD", // 1 service tag
      "002", // 2 version
      "1", // 3 character set UTF-8
      "SCT", // 4 identification
      "DEMODEFF", // 5 BIC
      "Festgeld Demo Treuhand", // 6 beneficiary
      "DE02120300000000202051", // 7 IBAN, electronic format
      "EUR10000.00", // 8 amount
      "", // 9 purpose (none)
      "RF18539007547034", // 10 structured remittance: the creditor reference
    ]);
    expect(isValidIban(lines[6] ?? "")).toBe(true);
  });

  it("writes the amount with a dot and two decimals; no trailing line feed", () => {
    const payload = epcQrPayload({ ...transfer, amountCents: 1 });
    expect(payload.split("\n")[7]).toBe("EUR0.01");
    expect(payload.endsWith("\n")).toBe(false);
    expect(epcQrPayload({ ...transfer, amountCents: 99_999_999_999n }).split("\n")[7]).toBe(
      "EUR999999999.99",
    );
  });

  it("puts free text in field 11 and information in field 12", () => {
    const lines = epcQrPayload({
      ...transfer,
      reference: undefined,
      text: "Deposit 1",
      information: "Thanks",
    }).split("\n");
    expect(lines[9]).toBe("");
    expect(lines[10]).toBe("Deposit 1");
    expect(lines[11]).toBe("Thanks");
  });

  it("refuses what the guideline does not allow", () => {
    expect(() => epcQrPayload({ ...transfer, amountCents: 0 })).toThrow(EpcPayloadError);
    expect(() => epcQrPayload({ ...transfer, amountCents: 1.5 })).toThrow(EpcPayloadError);
    expect(() => epcQrPayload({ ...transfer, amountCents: undefined, amount: money(100n, "GBP") })).toThrow(
      EpcPayloadError,
    );
    expect(epcQrPayload({ ...transfer, amountCents: undefined, amount: eur(123_456n) }).split("\n")[7]).toBe(
      "EUR1234.56",
    );
    expect(() => epcQrPayload({ ...transfer, amountCents: 100_000_000_000n })).toThrow(EpcPayloadError);
    expect(() => epcQrPayload({ ...transfer, name: "x".repeat(71) })).toThrow(EpcPayloadError);
    expect(() => epcQrPayload({ ...transfer, bic: "DEMO" })).toThrow(EpcPayloadError);
    expect(() => epcQrPayload({ ...transfer, text: "both" })).toThrow(EpcPayloadError);
    expect(() => epcQrPayload({ ...transfer, reference: "R".repeat(36) })).toThrow(EpcPayloadError);
    // 331 bytes at most, counted in UTF-8
    expect(() =>
      epcQrPayload({ ...transfer, reference: undefined, text: "€".repeat(140), information: "€".repeat(70) }),
    ).toThrow(EpcPayloadError);
  });

  it("is made for euro transfers only: USD and GBP, the other currencies a package may have, get none", () => {
    expect(EPC_QR_CURRENCY).toBe("EUR");
    expect(epcQrSupports("EUR")).toBe(true);
    for (const currency of ["USD", "GBP", "CHF"] as const) {
      expect(epcQrSupports(currency), currency).toBe(false);
      expect(() =>
        epcQrPayload({ ...transfer, amountCents: undefined, amount: money(1_000_000n, currency) }),
      ).toThrow(EpcPayloadError);
    }
  });
});
