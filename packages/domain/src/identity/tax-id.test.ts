import { describe, expect, it } from "vitest";
import { ageOn, isCalendarDate } from "./age.ts";
import { checkGermanIdNr, checkTaxId, iso7064Mod11_10 } from "./tax-id.ts";

describe("German tax identification number", () => {
  // Valid numbers published as examples by the Federal Central Tax Office and in its test data.
  it.each(["86095742719", "47036892816", "65929970489", "57549285017", "25768131411"])("%s is valid", (n) => {
    expect(checkGermanIdNr(n)).toBeNull();
  });
  it("checks the ISO 7064 MOD 11,10 check digit", () => {
    expect(iso7064Mod11_10([8, 6, 0, 9, 5, 7, 4, 2, 7, 1])).toBe(9);
    expect(checkGermanIdNr("86095742718")).toBe("check_digit");
  });
  it("needs exactly one digit twice or three times (not three in a row) among the first ten", () => {
    expect(checkGermanIdNr("12345678903")).toBe("repetition"); // no digit repeats... and 0 appears once
    expect(checkGermanIdNr("11145678908")).toBe("repetition"); // three in a row
    expect(checkGermanIdNr("11225678908")).toBe("repetition"); // two digits repeat
  });
  it("needs 11 digits, the first not 0", () => {
    expect(checkGermanIdNr("06095742719")).toBe("format");
    expect(checkGermanIdNr("8609574271")).toBe("format");
    expect(checkGermanIdNr("8609574271X")).toBe("format");
  });
  it("accepts spaces and separators as people type them", () => {
    expect(checkTaxId("DE", "86 095 742 719")).toBeNull();
  });
});

describe("tax identification numbers of other countries", () => {
  it.each([
    ["NL", "111222333", null],
    ["NL", "111222334", "check_digit"],
    ["ES", "12345678Z", null],
    ["ES", "12345678A", "check_digit"],
    ["ES", "X1234567L", null],
    ["BE", "85073003328", null],
    ["BE", "85073003329", "check_digit"],
    ["FR", "1234567890123", null],
    ["FR", "5234567890123", "format"],
    ["AT", "123456789", null],
    ["IT", "RSSMRA85T10A562S", null],
    ["IT", "RSSMRA85T10A562", "format"],
    ["US", "123-45-6789", null],
    ["US", "x", "format"],
  ] as const)("%s %s -> %s", (country, value, problem) => {
    expect(checkTaxId(country, value)).toBe(problem);
  });
});

describe("age and dates", () => {
  it("counts whole years, the birthday itself included", () => {
    expect(ageOn("2008-11-23", "2026-11-23")).toBe(18);
    expect(ageOn("2008-11-24", "2026-11-23")).toBe(17);
    expect(ageOn("2008-02-29", "2026-02-28")).toBe(17);
  });
  it("knows calendar dates", () => {
    expect(isCalendarDate("2024-02-29")).toBe(true);
    expect(isCalendarDate("2023-02-29")).toBe(false);
    expect(isCalendarDate("1980-5-1")).toBe(false);
  });
});
