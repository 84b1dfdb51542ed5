import { describe, expect, it } from "vitest";
import { amountProblem, isEmail, isPhone, rateProblem } from "./validation.ts";

describe("amountProblem", () => {
  const limits = { min: 1000, max: 10_000_000, step: 100 };
  it("accepts amounts within the limits on the step", () => {
    expect(amountProblem("1000", limits)).toBeNull();
    expect(amountProblem(" 10000 ", limits)).toBeNull();
    expect(amountProblem("10000000", limits)).toBeNull();
    expect(amountProblem("10.000", limits, "de")).toBeNull();
    expect(amountProblem("10 000,00", limits, "fr")).toBeNull();
    expect(amountProblem("10,000", limits, "en")).toBeNull();
  });
  it("names what is wrong", () => {
    expect(amountProblem("", limits)).toBe("required");
    expect(amountProblem("abc", limits)).toBe("number");
    expect(amountProblem("1e4", limits)).toBe("number");
    expect(amountProblem("10.000,001", limits, "de")).toBe("decimals");
    expect(amountProblem("-5000", limits)).toBe("number");
    expect(amountProblem("1000.001", limits)).toBe("decimals");
    expect(amountProblem("999", limits)).toBe("min");
    expect(amountProblem("10000100", limits)).toBe("max");
    // Beyond what the API's numbers carry (and written by JavaScript with an exponent): still "too large".
    expect(amountProblem("1000000000000000000000", limits)).toBe("max");
    expect(amountProblem("1000000000000000000000", { min: 1000 })).toBe("max");
    expect(amountProblem("1050", limits)).toBe("step");
    expect(amountProblem("1000.50", limits)).toBe("step");
    expect(amountProblem("1000.50", { min: 1000 })).toBeNull();
  });
  it("compares with the limits to the cent, in the limits' currency", () => {
    // A currency without minor units takes no cents at all.
    expect(amountProblem("5000.50", { min: 1000, currency: "JPY" })).toBe("decimals");
    expect(amountProblem("5000", { min: 1000, currency: "JPY" })).toBeNull();
    const package_ = { min: 5000.5, max: 250_000.25, currency: "USD" };
    expect(amountProblem("5000.49", package_)).toBe("min");
    expect(amountProblem("5.000,50", package_, "de")).toBeNull();
    expect(amountProblem("250000.25", package_)).toBeNull();
    expect(amountProblem("250 000,26", package_, "fr")).toBe("max");
    expect(amountProblem("0.30", { min: 0.1, step: 0.1 })).toBeNull();
    expect(amountProblem("0.35", { min: 0.1, step: 0.1 })).toBe("step");
  });
});

describe("rateProblem", () => {
  const limits = { min: 0, max: 20 };
  it("accepts package rates with two decimals and the bounds", () => {
    for (const rate of ["0", "3.5", "3.99", "20"]) expect(rateProblem(rate, limits)).toBeNull();
    for (const rate of ["3,5", "3,99", "20"]) expect(rateProblem(rate, limits, "de")).toBeNull();
  });
  it("refuses empty, out-of-range and overly precise rates", () => {
    expect(rateProblem("", limits)).toBe("required");
    expect(rateProblem("x", limits)).toBe("number");
    expect(rateProblem("-0.1", limits)).toBe("range");
    expect(rateProblem("20.01", limits)).toBe("range");
    expect(rateProblem("3.999", limits)).toBe("decimals");
  });
});

describe("contact fields", () => {
  it("checks e-mail addresses", () => {
    expect(isEmail("erika@example.com")).toBe(true);
    expect(isEmail(" erika.m@mail.example.de ")).toBe(true);
    expect(isEmail("erika@example")).toBe(false);
    expect(isEmail("erika example@x.de")).toBe(false);
    expect(isEmail("@example.com")).toBe(false);
  });
  it("checks telephone numbers like the server", () => {
    expect(isPhone("+49 30 1234567")).toBe(true);
    expect(isPhone("(030) 123-456/7")).toBe(true);
    expect(isPhone("12345")).toBe(false);
    expect(isPhone("call me")).toBe(false);
    expect(isPhone("+49 30 1234567 ext 5")).toBe(false);
  });
});
