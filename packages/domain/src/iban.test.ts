import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatIban,
  ibanLengthFor,
  ibanProblem,
  isValidIban,
  maskIban,
  normalizeIban,
  SEPA_IBAN_LENGTHS,
} from "./iban.ts";

describe("IBAN, worked examples", () => {
  // Examples from the SWIFT IBAN registry (release 2024) and the national banks' published samples.
  const valid = [
    "DE89 3704 0044 0532 0130 00",
    "GB82 WEST 1234 5698 7654 32",
    "FR14 2004 1010 0505 0001 3M02 606",
    "AT61 1904 3002 3457 3201",
    "NL91 ABNA 0417 1643 00",
    "BE68 5390 0754 7034",
    "CH93 0076 2011 6238 5295 7",
    "NO93 8601 1117 947",
    "MT84 MALT 0110 0001 2345 MTLC AST0 01S",
    "ES91 2100 0418 4502 0005 1332",
    "IT60 X054 2811 1010 0000 0123 456",
    "LU28 0019 4006 4475 0000",
    "PL61 1090 1014 0000 0712 1981 2874",
  ];
  for (const iban of valid) {
    it(`accepts ${iban}`, () => {
      expect(ibanProblem(iban)).toBeNull();
      expect(isValidIban(iban)).toBe(true);
    });
  }

  it("normalises spacing and case before checking", () => {
    expect(normalizeIban(" de89 3704\t0044 0532 0130 00 ")).toBe("DE89370400440532013000");
    expect(normalizeIban("de89\u00a03704")).toBe("DE893704");
    expect(isValidIban("de89370400440532013000")).toBe(true);
  });

  it("says what is wrong", () => {
    expect(ibanProblem("")).toBe("empty");
    expect(ibanProblem("   ")).toBe("empty");
    expect(ibanProblem("DE89-3704-0044")).toBe("format");
    expect(ibanProblem("89DE370400440532013000")).toBe("format");
    expect(ibanProblem(`DE89${"1".repeat(40)}`)).toBe("format");
    // A valid Turkish IBAN: well formed, but Turkey is not in SEPA.
    expect(ibanProblem("TR33 0006 1005 1978 6457 8413 26")).toBe("country");
    expect(ibanProblem("DE89 3704 0044 0532 0130 0")).toBe("length");
    expect(ibanProblem("DE88 3704 0044 0532 0130 00")).toBe("checksum");
    expect(ibanProblem("DE89 3704 0044 0532 0130 01")).toBe("checksum");
  });

  it("refuses the check digits 00, 01 and 99 that the algorithm never produces", () => {
    // DE02 3704 0044 0532 0130 14 is valid; 99 leaves the same remainder (99 - 97 = 2) and must be refused.
    expect(ibanProblem("DE02370400440532013014")).toBeNull();
    expect(ibanProblem("DE99370400440532013014")).toBe("checksum");
    expect(ibanProblem("DE00370400440532013000")).toBe("checksum");
    expect(ibanProblem("DE01370400440532013000")).toBe("checksum");
  });

  it("formats and masks for display", () => {
    expect(formatIban("de89370400440532013000")).toBe("DE89 3704 0044 0532 0130 00");
    expect(maskIban("DE89370400440532013000")).toBe("DE89 **** **** **** **** 3000");
    expect(maskIban("NO9386011117947")).toBe("NO93 **** **** 7947");
    expect(ibanLengthFor("de")).toBe(22);
    expect(ibanLengthFor("US")).toBeUndefined();
  });
});

describe("IBAN, properties", () => {
  const ALNUM = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  const countries = Object.keys(SEPA_IBAN_LENGTHS);

  /** Check digits computed independently with BigInt: 98 - (BBAN + country + "00" as digits) mod 97. */
  function checkDigits(country: string, bban: string): string {
    const digits = `${bban}${country}00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
    return String(98n - (BigInt(digits) % 97n)).padStart(2, "0");
  }

  const generated = fc.constantFrom(...countries).chain((country) =>
    fc
      .array(fc.constantFrom(...ALNUM), {
        minLength: (SEPA_IBAN_LENGTHS[country] ?? 0) - 4,
        maxLength: (SEPA_IBAN_LENGTHS[country] ?? 0) - 4,
      })
      .map((chars) => {
        const bban = chars.join("");
        return `${country}${checkDigits(country, bban)}${bban}`;
      }),
  );

  it("accepts every IBAN whose check digits are computed correctly, in any spacing and case", () => {
    fc.assert(
      fc.property(generated, fc.boolean(), (iban, lower) => {
        expect(ibanProblem(iban)).toBeNull();
        const typed = formatIban(iban);
        expect(isValidIban(lower ? typed.toLowerCase() : typed)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it("detects every single changed digit or letter (MOD 97-10 catches all single substitutions)", () => {
    fc.assert(
      fc.property(generated, fc.nat(), fc.integer({ min: 1, max: 35 }), (iban, at, shift) => {
        const index = 2 + (at % (iban.length - 2)); // anywhere after the country code
        const original = iban.charAt(index);
        const isDigit = /\d/.test(original);
        const pool = isDigit ? "0123456789" : ALNUM.slice(10);
        const replacement = pool.charAt((pool.indexOf(original) + (shift % pool.length || 1)) % pool.length);
        fc.pre(replacement !== original);
        const changed = iban.slice(0, index) + replacement + iban.slice(index + 1);
        expect(isValidIban(changed)).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });

  it("refuses every length other than the country's", () => {
    fc.assert(
      fc.property(generated, fc.integer({ min: 1, max: 5 }), fc.boolean(), (iban, n, longer) => {
        const changed = longer ? iban + "0".repeat(n) : iban.slice(0, -n);
        const problem = ibanProblem(changed);
        expect(problem === "length" || problem === "format").toBe(true);
      }),
    );
  });
});
