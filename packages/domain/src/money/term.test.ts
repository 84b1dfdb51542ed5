import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  dateInZone,
  maturityDate,
  startOfDayInZone,
  withdrawalDeadline,
} from "./term.ts";

const BERLIN = "Europe/Berlin";

describe("calendar months", () => {
  it("clamps to the month's last day as the calendar has it, century leap years included", () => {
    // Against the Date object's own calendar, over 1900..2400 (2000 and 2400 leap, 1900, 2100, 2200 not).
    fc.assert(
      fc.property(fc.integer({ min: 1900, max: 2400 }), fc.integer({ min: 1, max: 12 }), (y, m) => {
        const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
        const start = `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-01`;
        const from31 = `${start.slice(0, 5)}01-31`;
        const months = m - 1;
        expect(addMonths(from31, months)).toBe(`${start.slice(0, 8)}${String(last).padStart(2, "0")}`);
      }),
    );
    expect(addMonths("2100-01-31", 1)).toBe("2100-02-28");
    expect(addMonths("2000-01-31", 1)).toBe("2000-02-29");
  });

  it("adds months and clamps to the end of a shorter month", () => {
    expect(addMonths("2025-01-15", 12)).toBe("2026-01-15");
    expect(addMonths("2025-01-31", 1)).toBe("2025-02-28");
    expect(addMonths("2024-01-31", 1)).toBe("2024-02-29");
    expect(addMonths("2024-02-29", 12)).toBe("2025-02-28");
    expect(addMonths("2025-08-31", 3)).toBe("2025-11-30");
    expect(addMonths("2025-11-30", 3)).toBe("2026-02-28");
    expect(addMonths("2025-12-31", 36)).toBe("2028-12-31");
  });

  it("adds days across months and years", () => {
    expect(addDays("2025-12-25", 14)).toBe("2026-01-08");
    expect(addDays("2024-02-20", 14)).toBe("2024-03-05");
  });

  it("never lands past the same day number and always in the right month", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("2000-01-01T00:00:00Z"),
          max: new Date("2090-12-31T00:00:00Z"),
          noInvalidDate: true,
        }),
        fc.constantFrom(3, 6, 12, 24, 36),
        (d, months) => {
          const start = d.toISOString().slice(0, 10);
          const end = addMonths(start, months);
          const [sy, sm, sd] = start.split("-").map(Number) as [number, number, number];
          const [ey, em, ed] = end.split("-").map(Number) as [number, number, number];
          expect(ey * 12 + em - (sy * 12 + sm)).toBe(months);
          expect(ed <= sd).toBe(true);
          if (ed < sd) expect(addDays(end, 1).slice(8)).toBe("01"); // clamped only at a month's end
        },
      ),
    );
  });
});

describe("days in the business time zone", () => {
  it("takes the calendar date in Berlin, not in UTC", () => {
    // 23:30 UTC on 31 March 2025 is already 1 April 01:30 in Berlin (CEST).
    expect(dateInZone(new Date("2025-03-31T23:30:00Z"), BERLIN)).toBe("2025-04-01");
    expect(dateInZone(new Date("2025-01-10T22:59:59Z"), BERLIN)).toBe("2025-01-10");
    expect(dateInZone(new Date("2025-01-10T23:00:00Z"), BERLIN)).toBe("2025-01-11");
  });

  it("finds midnight in winter, in summer and on the days the clocks change", () => {
    expect(startOfDayInZone("2025-01-15", BERLIN).toISOString()).toBe("2025-01-14T23:00:00.000Z");
    expect(startOfDayInZone("2025-07-15", BERLIN).toISOString()).toBe("2025-07-14T22:00:00.000Z");
    expect(startOfDayInZone("2025-03-30", BERLIN).toISOString()).toBe("2025-03-29T23:00:00.000Z");
    expect(startOfDayInZone("2025-03-31", BERLIN).toISOString()).toBe("2025-03-30T22:00:00.000Z");
    expect(startOfDayInZone("2025-10-26", BERLIN).toISOString()).toBe("2025-10-25T22:00:00.000Z");
    expect(startOfDayInZone("2025-10-27", BERLIN).toISOString()).toBe("2025-10-26T23:00:00.000Z");
  });
});

describe("the zone's calendar, remembered", () => {
  // What Intl says, asked afresh each time: the answers the remembered ones must equal.
  const formatters = new Map<string, Intl.DateTimeFormat>();
  const intlDate = (instant: Date, timeZone: string) => {
    let f = formatters.get(timeZone);
    if (!f) {
      f = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
      formatters.set(timeZone, f);
    }
    return f.format(instant);
  };
  // Zones with summer time on the hour (Berlin, New York), half an hour of it (Lord Howe), a
  // quarter-hour offset (Kathmandu), south of the equator (Santiago) and none at all (UTC).
  const zones = [
    BERLIN,
    "America/New_York",
    "Australia/Lord_Howe",
    "Asia/Kathmandu",
    "America/Santiago",
    "UTC",
  ];

  it("gives every instant the date Intl gives, around the clock changes too, asked again and again", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        // 1990 to 2060, to the second, twice each: the second answer comes from memory.
        fc.integer({ min: 631_152_000, max: 2_871_763_200 }),
        (zone, seconds) => {
          const instant = new Date(seconds * 1000);
          expect(dateInZone(instant, zone)).toBe(intlDate(instant, zone));
          expect(dateInZone(instant, zone)).toBe(intlDate(instant, zone));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("gives the seconds around Berlin's and Lord Howe's clock changes their own dates", () => {
    for (const [zone, change] of [
      [BERLIN, "2025-03-30T01:00:00Z"],
      [BERLIN, "2025-10-26T01:00:00Z"],
      ["Australia/Lord_Howe", "2025-04-05T15:00:00Z"],
      ["Australia/Lord_Howe", "2025-10-04T15:30:00Z"],
    ] as const) {
      for (let s = -3600; s <= 3600; s += 5) {
        const instant = new Date(Date.parse(change) + s * 1000);
        expect(dateInZone(instant, zone)).toBe(intlDate(instant, zone));
      }
    }
  });

  it("finds each day's midnight again, and hands out a Date of its own each time", () => {
    const first = startOfDayInZone("2025-03-30", BERLIN);
    first.setTime(0);
    expect(startOfDayInZone("2025-03-30", BERLIN).toISOString()).toBe("2025-03-29T23:00:00.000Z");
    fc.assert(
      fc.property(fc.constantFrom(...zones), fc.integer({ min: 7_305, max: 33_238 }), (zone, day) => {
        const date = new Date(day * 86_400_000).toISOString().slice(0, 10);
        const start = startOfDayInZone(date, zone);
        expect(startOfDayInZone(date, zone).getTime()).toBe(start.getTime());
        expect(dateInZone(start, zone)).toBe(date);
        expect(dateInZone(new Date(start.getTime() - 1000), zone)).not.toBe(date);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("days without a midnight", () => {
  it("begin at the clock change, the second before still the day before", () => {
    // Santiago's summer time begins at 00:00 (to 01:00, -03:00): the day begins at 01:00 local time.
    for (const [date, zone, begins] of [
      ["2024-09-08", "America/Santiago", "2024-09-08T04:00:00.000Z"],
      ["2025-09-07", "America/Santiago", "2025-09-07T04:00:00.000Z"],
      ["2024-03-10", "America/Havana", "2024-03-10T05:00:00.000Z"],
      // Apia skipped 30 December 2011 (from UTC-10 to UTC+14): it begins where the 31st does.
      ["2011-12-30", "Pacific/Apia", "2011-12-30T10:00:00.000Z"],
    ] as const) {
      const start = startOfDayInZone(date, zone);
      expect(start.toISOString()).toBe(begins);
      expect(dateInZone(new Date(start.getTime() - 1000), zone) < date).toBe(true);
    }
    // Each day of Santiago's, 2000 to 2035: its first second is the day's, the second before is not.
    for (let day = 10_957; day <= 23_741; day++) {
      const date = new Date(day * 86_400_000).toISOString().slice(0, 10);
      const start = startOfDayInZone(date, "America/Santiago");
      expect(dateInZone(start, "America/Santiago")).toBe(date);
      expect(dateInZone(new Date(start.getTime() - 1000), "America/Santiago")).not.toBe(date);
    }
  });
});

describe("withdrawal period and maturity", () => {
  it("ends at the end of the 14th day after the day of conclusion", () => {
    // Approved on Monday 3 March 2025, 10:00 in Berlin: the period runs 4-17 March, ending 17 March 24:00.
    const approved = new Date("2025-03-03T09:00:00Z");
    expect(withdrawalDeadline(approved, 14, BERLIN).toISOString()).toBe("2025-03-17T22:59:59.999Z");
    // Approved late in the evening (Berlin), it is still that day that is not counted.
    const late = new Date("2025-03-03T22:30:00Z"); // 23:30 in Berlin
    expect(withdrawalDeadline(late, 14, BERLIN).toISOString()).toBe("2025-03-17T22:59:59.999Z");
    // Across the change to summer time on 30 March: the end is midnight CEST.
    expect(withdrawalDeadline(new Date("2025-03-20T12:00:00Z"), 14, BERLIN).toISOString()).toBe(
      "2025-04-03T21:59:59.999Z",
    );
  });

  it("is always more than 14 and at most 15 days after conclusion", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("2020-01-01T00:00:00Z"),
          max: new Date("2040-01-01T00:00:00Z"),
          noInvalidDate: true,
        }),
        (at) => {
          const span = withdrawalDeadline(at, 14, BERLIN).getTime() - at.getTime();
          expect(span).toBeGreaterThan(14 * 86_400_000 - 3_600_000); // one DST hour of slack
          expect(span).toBeLessThanOrEqual(15 * 86_400_000 + 3_600_000);
          expect(dateInZone(withdrawalDeadline(at, 14, BERLIN), BERLIN)).toBe(
            addDays(dateInZone(at, BERLIN), 14),
          );
        },
      ),
    );
  });

  it("matures the term's months after the start day", () => {
    expect(maturityDate(new Date("2025-01-15T10:00:00Z"), 12, BERLIN)).toBe("2026-01-15");
    expect(maturityDate(new Date("2025-08-31T21:30:00Z"), 6, BERLIN)).toBe("2026-02-28"); // 23:30 CEST: still 31 August
  });
});
