import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { changeLanguage, i18n, i18nReady } from "../../lib/i18n.ts";
import { amountMessage, decimalValue, rateMessage } from "./amount-rules.ts";

/** Intl puts (narrow) no-break spaces between figure and symbol; compare with plain spaces. */
const plain = (text: string | null) => text?.replace(/[\u00a0\u202f]/g, " ") ?? null;

beforeAll(async () => {
  await i18nReady;
  await i18n.loadNamespaces("invest");
});
afterEach(async () => {
  await changeLanguage("en");
});

describe("the shared amount and rate rules", () => {
  it("read German separators: 10.000,50 is ten thousand and fifty cents, 3,75 a rate", async () => {
    await changeLanguage("de");
    expect(decimalValue("10.000,50", "de")).toBe(10_000.5);
    expect(decimalValue("10.000", "de")).toBe(10_000);
    expect(decimalValue("3,75", "de")).toBe(3.75);
    expect(amountMessage("10.000", "de")).toBeNull();
    expect(rateMessage("3,75", "de")).toBeNull();
    // Cents are fine in themselves, but amounts go in steps of 100.
    expect(plain(amountMessage("10.000,50", "de"))).toBe(
      "Bitte geben Sie den Betrag in Schritten von 100 € ein.",
    );
  });

  it("word each problem in the saver's language, the limits as money", async () => {
    expect(amountMessage("", "en")).toBe("Please enter an amount.");
    expect(amountMessage("ten", "en")).toBe("Please enter the amount as a number.");
    expect(amountMessage("500", "en")).toBe("The minimum amount is €1,000.");
    expect(amountMessage("1000.505", "en")).toBe("Please use at most two decimal places.");
    expect(amountMessage("4000", "en", { min: 5000, max: 250_000, ofPackage: true })).toBe(
      "For this package, the amount must be between €5,000 and €250,000.",
    );
    expect(amountMessage("500", "en", { currency: "USD", narrow: true })).toBe(
      "The minimum amount is $1,000.",
    );
    expect(rateMessage("3.755", "en")).toBe("Please use at most two decimal places.");
    await changeLanguage("fr");
    expect(plain(amountMessage("500", "fr"))).toMatch(/1 000 €/);
    expect(rateMessage("", "fr")).toBe("Veuillez saisir un taux d'intérêt.");
  });

  it("give NaN for what is not a number, so the contract's schema refuses it", () => {
    expect(decimalValue("ten", "en")).toBeNaN();
    expect(decimalValue("", "de")).toBeNaN();
  });
});
