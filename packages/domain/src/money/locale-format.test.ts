import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  currencyNarrowSymbolFast,
  formatEuroCentsFast,
  formatIntegerFast,
  formatPercentTextFast,
  formatPlainCentsFast,
} from "./locale-format.ts";

// What each function must equal: the very Intl formatters the platform used before (money.ts, the web app's
// lib/format.ts), in the ICU of the Node.js that runs the test.
const LOCALES = ["en-GB", "de-DE", "fr-FR"] as const;

const euro = (locale: string, whole: boolean) =>
  new Intl.NumberFormat(locale, {
    style: "currency",
    currency: "EUR",
    signDisplay: "negative",
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  });
const percent = (locale: string, min: number) =>
  new Intl.NumberFormat(locale, { style: "percent", minimumFractionDigits: min, maximumFractionDigits: 2 });

function centsText(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? "-" : ""}${abs / 100n}.${(abs % 100n).toString().padStart(2, "0")}`;
}

describe("numbers and money without Intl", () => {
  it("writes euro cents as Intl's currency formatter does, with and without cents", () => {
    const intl = LOCALES.flatMap((locale) =>
      [false, true].map((whole) => ({ locale, whole, f: euro(locale, whole) })),
    );
    const samples = [
      0n,
      1n,
      -1n,
      49n,
      50n,
      -50n,
      -49n,
      99n,
      100n,
      149n,
      150n,
      99_999n,
      100_000n,
      123_456_789n,
    ];
    for (const { locale, whole, f } of intl) {
      for (const cents of samples) {
        expect(formatEuroCentsFast(cents, locale, whole)).toBe(
          f.format(centsText(cents) as Intl.StringNumericLiteral),
        );
      }
    }
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 17n), max: 10n ** 17n }), (cents) => {
        for (const { locale, whole, f } of intl) {
          expect(formatEuroCentsFast(cents, locale, whole)).toBe(
            f.format(centsText(cents) as Intl.StringNumericLiteral),
          );
        }
      }),
      { numRuns: 1000 },
    );
  });

  it("writes cents without grouping as a banking app's amount field takes them", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), (cents) => {
        for (const locale of LOCALES) {
          const f = new Intl.NumberFormat(locale, {
            minimumFractionDigits: 2,
            maximumFractionDigits: 2,
            useGrouping: false,
          });
          expect(formatPlainCentsFast(cents, locale)).toBe(
            f.format(centsText(cents) as Intl.StringNumericLiteral),
          );
        }
      }),
      { numRuns: 1000 },
    );
  });

  it("writes a rate's decimal text as Intl's percent formatter does", () => {
    const intl = LOCALES.flatMap((locale) =>
      [0, 2].map((min) => ({ locale, min: min as 0 | 2, f: percent(locale, min) })),
    );
    const samples = [
      "0",
      "3.5",
      "3.99",
      "5",
      "0.005",
      "0.004",
      "0.125",
      "0.135",
      "2.995",
      "99.995",
      "1234.5",
      "12",
    ];
    const arbitrary = fc
      .tuple(fc.bigInt({ min: 0n, max: 10n ** 9n }), fc.integer({ min: 0, max: 6 }))
      .map(([digits, scale]) => {
        const text = digits.toString().padStart(scale + 1, "0");
        return scale === 0 ? text : `${text.slice(0, -scale)}.${text.slice(-scale)}`;
      });
    for (const { locale, min, f } of intl) {
      for (const text of samples) {
        expect(formatPercentTextFast(text, locale, min)).toBe(
          f.format(`${text}e-2` as Intl.StringNumericLiteral),
        );
      }
    }
    fc.assert(
      fc.property(arbitrary, (text) => {
        for (const { locale, min, f } of intl) {
          expect(formatPercentTextFast(text, locale, min)).toBe(
            f.format(`${text}e-2` as Intl.StringNumericLiteral),
          );
        }
      }),
      { numRuns: 1000 },
    );
  });

  it("writes integers as Intl's number formatter does", () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.constantFrom(0, 999, 1000, -1000)), (n) => {
        for (const locale of LOCALES) {
          expect(formatIntegerFast(n, locale)).toBe(new Intl.NumberFormat(locale).format(n));
        }
      }),
      { numRuns: 1000 },
    );
  });

  it("names the currencies' narrow symbols as Intl does", () => {
    for (const locale of LOCALES) {
      for (const currency of ["EUR", "USD", "GBP", "CHF"]) {
        const symbol = new Intl.NumberFormat(locale, {
          style: "currency",
          currency,
          currencyDisplay: "narrowSymbol",
        })
          .formatToParts(0)
          .find((part) => part.type === "currency")?.value;
        expect(currencyNarrowSymbolFast(currency, locale)).toBe(symbol);
      }
    }
    expect(currencyNarrowSymbolFast("JPY", "en-GB")).toBeNull();
  });

  it("leaves to Intl what it does not cover", () => {
    expect(formatEuroCentsFast(100n, "it-IT")).toBeNull();
    expect(formatPercentTextFast("-3.5", "en-GB", 2)).toBeNull();
    expect(formatPercentTextFast("3.5e-7", "en-GB", 2)).toBeNull();
    expect(formatIntegerFast(1.5, "en-GB")).toBeNull();
    expect(formatIntegerFast(-0, "en-GB")).toBeNull();
    expect(formatIntegerFast(2 ** 60, "en-GB")).toBeNull();
  });
});
