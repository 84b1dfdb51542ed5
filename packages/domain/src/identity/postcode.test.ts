import { describe, expect, it } from "vitest";
import { isValidPostcode } from "./postcode.ts";

describe("isValidPostcode", () => {
  it("accepts each main SEPA country's own format", () => {
    const valid: Array<[string, string]> = [
      ["DE", "10115"],
      ["AT", "1010"],
      ["FR", "75008"],
      ["NL", "1012 AB"],
      ["NL", "1012ab"],
      ["BE", "1000"],
      ["LU", "L-1724"],
      ["IT", "00184"],
      ["ES", "28013"],
      ["PT", "1100-148"],
      ["IE", "D02 X285"],
      ["IE", "D6W 1234"],
      ["PL", "00-950"],
      ["SE", "114 55"],
      ["de", " 80331 "],
    ];
    for (const [country, postcode] of valid)
      expect(isValidPostcode(country, postcode), `${country} ${postcode}`).toBe(true);
  });

  it("refuses what does not have the country's format", () => {
    const invalid: Array<[string, string]> = [
      ["DE", "ABCDE"],
      ["DE", "1011"],
      ["DE", "101155"],
      ["AT", "10115"],
      ["FR", "7500"],
      ["NL", "AB 1012"],
      ["PT", "1100148"],
      ["IE", "12345"],
      ["PL", "00950"],
    ];
    for (const [country, postcode] of invalid)
      expect(isValidPostcode(country, postcode), `${country} ${postcode}`).toBe(false);
  });

  it("takes any postcode of a country without a known format", () => {
    expect(isValidPostcode("MT", "VLT 1117")).toBe(true);
    expect(isValidPostcode("US", "ABCDE")).toBe(true);
  });
});
