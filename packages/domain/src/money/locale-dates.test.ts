import { describe, expect, it } from "vitest";
import { formatDateFast, formatDateTimeFast, isoDateInZoneFast } from "./locale-dates.ts";

// What each function must equal: the very Intl formatters the platform used before (the web app's
// lib/format-date.ts), in the ICU of the Node.js that runs the test.
const LOCALES = ["en-GB", "de-DE", "fr-FR"] as const;
const BERLIN = "Europe/Berlin";
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

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

  it("leaves to Intl what it does not cover", () => {
    expect(formatDateFast(Date.UTC(1995, 5, 1), "en-GB", "long", BERLIN)).toBeNull();
    expect(formatDateFast(Date.UTC(2038, 5, 1), "en-GB", "long", BERLIN)).toBeNull();
    expect(formatDateFast(Date.UTC(2026, 5, 1), "en-GB", "long", "America/New_York")).toBeNull();
    expect(formatDateFast(Number.NaN, "en-GB", "long", BERLIN)).toBeNull();
    expect(formatDateTimeFast(Date.UTC(2026, 5, 1), "en-GB", "UTC")).toBeNull();
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
