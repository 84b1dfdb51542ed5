import { describe, expect, it } from "vitest";
import { decimalText, parseDecimal } from "./decimal.ts";

describe("parseDecimal", () => {
  it("reads German amounts and rates, typed or pasted", () => {
    expect(parseDecimal("3,75", "de")).toBe(3.75);
    expect(parseDecimal("10.000", "de")).toBe(10_000);
    expect(parseDecimal("10.000,50", "de")).toBe(10_000.5);
    expect(parseDecimal("1.250.000", "de")).toBe(1_250_000);
    expect(parseDecimal("10.000,00 €", "de")).toBe(10_000);
    expect(parseDecimal("3.75", "de")).toBe(3.75);
    expect(parseDecimal("25000", "de")).toBe(25_000);
  });

  it("reads French amounts with spaces of any kind", () => {
    expect(parseDecimal("10 000", "fr")).toBe(10_000);
    expect(parseDecimal("10\u202f000,50", "fr")).toBe(10_000.5);
    expect(parseDecimal("10\u00a0000,5 €", "fr")).toBe(10_000.5);
    expect(parseDecimal("3,5 %", "fr")).toBe(3.5);
    expect(parseDecimal("10.000", "fr")).toBe(10_000);
  });

  it("reads English amounts; a single comma before three digits groups thousands", () => {
    expect(parseDecimal("10,000", "en")).toBe(10_000);
    expect(parseDecimal("10,000.50", "en")).toBe(10_000.5);
    expect(parseDecimal("10.000", "en")).toBe(10);
    expect(parseDecimal("3.75", "en")).toBe(3.75);
    expect(parseDecimal("3,75", "en")).toBe(3.75);
    expect(parseDecimal("EUR 2,500", "en")).toBe(2500);
  });

  it("refuses what is not one number", () => {
    for (const text of ["", "abc", "1.2.3,4,5", "10,00,000", "1..0", "12,", "1e5", "0x10", "10-", "--5"]) {
      expect(parseDecimal(text, "de"), text).toBeNull();
    }
    expect(parseDecimal("-1000", "en")).toBe(-1000);
  });
});

describe("decimalText", () => {
  it("gives the plain form of a number, or the text when it is none", () => {
    expect(decimalText(" 10.000,5 ", "de")).toBe("10000.5");
    expect(decimalText("abc ", "en")).toBe("abc");
  });
});
