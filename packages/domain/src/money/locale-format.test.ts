import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  currencyNarrowSymbolFast,
  formatDateFast,
  formatDateTimeFast,
  formatEuroCentsFast,
  formatIntegerFast,
  formatPercentTextFast,
  formatPlainCentsFast,
  isoDateInZoneFast,
} from "./locale-format.ts";

// What each function must equal: the very Intl formatters the platform used before (money.ts, the web app's
// lib/format.ts), in the ICU of the Node.js that runs the test.
const LOCALES = ["en-GB", "de-DE", "fr-FR"] as const;
const BERLIN = "Europe/Berlin";
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

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
const date = (locale: string, style: "medium" | "long", timeZone: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: style, timeZone });
const dateTime = (locale: string) =>
  new Intl.DateTimeFormat(locale, {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZoneName: "short",
    timeZone: BERLIN,
  });

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
    expect(formatDateFast(Date.UTC(1995, 5, 1), "en-GB", "long", BERLIN)).toBeNull();
    expect(formatDateFast(Date.UTC(2038, 5, 1), "en-GB", "long", BERLIN)).toBeNull();
    expect(formatDateFast(Date.UTC(2026, 5, 1), "en-GB", "long", "America/New_York")).toBeNull();
    expect(formatDateFast(Number.NaN, "en-GB", "long", BERLIN)).toBeNull();
    expect(formatDateTimeFast(Date.UTC(2026, 5, 1), "en-GB", "UTC")).toBeNull();
  });
});

describe("dates without Intl", () => {
  // Every day of 1996 to 2037 at two times of day (either side of midnight in the operator's zone), in the operator's zone and in UTC (calendar dates).
  const days: number[] = [];
  for (let t = Date.UTC(1996, 0, 1); t < Date.UTC(2038, 0, 1); t += DAY)
    days.push(t + 30 * 60_000, t + 22 * HOUR + 59 * 60_000);
  // Around each summer-time change: every quarter of an hour of the two days.
  const changes: number[] = [];
  for (let year = 1996; year <= 2037; year++) {
    for (const month of [2, 9]) {
      const last = Date.UTC(year, month + 1, 0);
      const sunday = last - new Date(last).getUTCDay() * DAY;
      for (let t = sunday - DAY; t < sunday + DAY; t += 15 * 60_000) changes.push(t, t + 59_999);
    }
  }

  it("writes medium and long dates as Intl does, in the operator's zone and in UTC", () => {
    for (const locale of LOCALES) {
      for (const style of ["medium", "long"] as const) {
        for (const zone of [BERLIN, "UTC"]) {
          const f = date(locale, style, zone);
          for (const t of zone === BERLIN ? [...days, ...changes] : days) {
            const fast = formatDateFast(t, locale, style, zone);
            if (fast !== f.format(t))
              expect({ t: new Date(t).toISOString(), fast }).toEqual({
                t: new Date(t).toISOString(),
                fast: f.format(t),
              });
          }
        }
      }
    }
  });

  it("writes a date with its time and zone as Intl does", () => {
    for (const locale of LOCALES) {
      const f = dateTime(locale);
      for (const t of [...days, ...changes]) {
        const fast = formatDateTimeFast(t, locale, BERLIN);
        if (fast !== f.format(t))
          expect({ t: new Date(t).toISOString(), fast }).toEqual({
            t: new Date(t).toISOString(),
            fast: f.format(t),
          });
      }
    }
  });

  it("gives the zone's calendar date as the en-CA formatter does", () => {
    const f = new Intl.DateTimeFormat("en-CA", { timeZone: BERLIN });
    for (const t of [...days, ...changes]) {
      const fast = isoDateInZoneFast(t, BERLIN);
      if (fast !== f.format(t))
        expect({ t: new Date(t).toISOString(), fast }).toEqual({
          t: new Date(t).toISOString(),
          fast: f.format(t),
        });
    }
  });
});
