import { describe, expect, it } from "vitest";
import { amountFromInput } from "./amount.ts";

describe("amountFromInput", () => {
  it("reads numbers and counts anything else as 0", () => {
    expect(amountFromInput("10000")).toBe(10_000);
    expect(amountFromInput(" 2500.5 ")).toBe(2500.5);
    expect(amountFromInput("")).toBe(0);
    expect(amountFromInput("abc")).toBe(0);
    expect(amountFromInput("-1000")).toBe(0);
  });

  it("reads the amount as written in the saver's language", () => {
    expect(amountFromInput("10.000", "de")).toBe(10_000);
    expect(amountFromInput("25 000", "fr")).toBe(25_000);
    expect(amountFromInput("10,000", "en")).toBe(10_000);
  });
});
