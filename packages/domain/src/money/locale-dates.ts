/**
 * Dates in the platform's three locales (en-GB, de-DE, fr-FR) written without `Intl`, as locale-format.ts
 * writes numbers and money: the first `Intl.DateTimeFormat` a page makes costs one long task in the middle of
 * the signed-in pages' start. A module of its own so that the public pages' first load, which writes no date,
 * does not carry the month names. Each function answers `null` for what it does not cover (another locale or
 * zone, an instant whose UTC year is before 1996 or after 2037), and the caller then asks `Intl`.
 *
 * Every text is the one `Intl` writes: `locale-dates.test.ts` compares them over every day of twenty years
 * and every quarter hour around each summer-time change
 * (docs/decisions.md "Formatting without Intl on the signed-in pages").
 */

interface DateTexts {
  /** Month names as a date writes them: abbreviated (German only with a time) and in full. */
  monthsShort: readonly string[];
  monthsLong: readonly string[];
  /** The operator's zone, standard and summer time, as a date with a time names it. */
  zoneNames: readonly [string, string];
  /** A medium date: day, abbreviated month and year, or the numeric German one. */
  medium(d: number, m: number, y: number): string;
  /** Day, a month name and year, as a long date and a date with a time write them. */
  dayMonthYear(d: number, month: string, y: number): string;
}

const EN_SHORT = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"];
const DE_SHORT = [
  "Jan.",
  "Feb.",
  "März",
  "Apr.",
  "Mai",
  "Juni",
  "Juli",
  "Aug.",
  "Sept.",
  "Okt.",
  "Nov.",
  "Dez.",
];
const FR_SHORT = [
  "janv.",
  "févr.",
  "mars",
  "avr.",
  "mai",
  "juin",
  "juil.",
  "août",
  "sept.",
  "oct.",
  "nov.",
  "déc.",
];

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

const DATES: Readonly<Record<string, DateTexts>> = {
  "en-GB": {
    monthsShort: EN_SHORT,
    monthsLong: [
      "January",
      "February",
      "March",
      "April",
      "May",
      "June",
      "July",
      "August",
      "September",
      "October",
      "November",
      "December",
    ],
    zoneNames: ["CET", "CEST"],
    medium: (d, m, y) => `${d} ${EN_SHORT[m - 1]} ${y}`,
    dayMonthYear: (d, month, y) => `${d} ${month} ${y}`,
  },
  "de-DE": {
    monthsShort: DE_SHORT,
    monthsLong: [
      "Januar",
      "Februar",
      "März",
      "April",
      "Mai",
      "Juni",
      "Juli",
      "August",
      "September",
      "Oktober",
      "November",
      "Dezember",
    ],
    zoneNames: ["MEZ", "MESZ"],
    medium: (d, m, y) => `${two(d)}.${two(m)}.${y}`,
    dayMonthYear: (d, month, y) => `${d}. ${month} ${y}`,
  },
  "fr-FR": {
    monthsShort: FR_SHORT,
    monthsLong: [
      "janvier",
      "février",
      "mars",
      "avril",
      "mai",
      "juin",
      "juillet",
      "août",
      "septembre",
      "octobre",
      "novembre",
      "décembre",
    ],
    zoneNames: ["UTC+1", "UTC+2"],
    medium: (d, m, y) => `${d} ${FR_SHORT[m - 1]} ${y}`,
    dayMonthYear: (d, month, y) => `${d} ${month} ${y}`,
  },
};

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The years the zone's rule below holds for: the EU's summer time since 1996, up to 2037. */
const FIRST_YEAR = 1996;
const LAST_YEAR = 2037;

/** The last Sunday of a month (0-based), at 01:00 UTC: when the EU's summer time begins or ends. */
function lastSundayOneUtc(year: number, month: number): number {
  const lastDay = Date.UTC(year, month + 1, 0);
  return lastDay - new Date(lastDay).getUTCDay() * DAY_MS + HOUR_MS;
}

interface ZonedParts {
  y: number;
  m: number;
  d: number;
  h: number;
  min: number;
  summer: boolean;
}

/**
 * An instant's calendar date and time in "Europe/Berlin" (central European time, summer time from the last
 * Sunday of March to the last Sunday of October at 01:00 UTC) or "UTC"; null for another zone or year.
 */
function zonedParts(ms: number, timeZone: string): ZonedParts | null {
  if (!Number.isFinite(ms)) return null;
  const year = new Date(ms).getUTCFullYear();
  if (year < FIRST_YEAR || year > LAST_YEAR) return null;
  let summer = false;
  let offset = 0;
  if (timeZone === "Europe/Berlin") {
    summer = ms >= lastSundayOneUtc(year, 2) && ms < lastSundayOneUtc(year, 9);
    offset = summer ? 2 * HOUR_MS : HOUR_MS;
  } else if (timeZone !== "UTC") {
    return null;
  }
  const local = new Date(ms + offset);
  return {
    y: local.getUTCFullYear(),
    m: local.getUTCMonth() + 1,
    d: local.getUTCDate(),
    h: local.getUTCHours(),
    min: local.getUTCMinutes(),
    summer,
  };
}

/** `Intl.DateTimeFormat(locale, { dateStyle, timeZone }).format`: "4 Dec 2026", "04.12.2026", "4 déc. 2026". */
export function formatDateFast(
  ms: number,
  locale: string,
  style: "medium" | "long",
  timeZone: string,
): string | null {
  const texts = DATES[locale];
  const parts = texts && zonedParts(ms, timeZone);
  if (!texts || !parts) return null;
  return style === "medium"
    ? texts.medium(parts.d, parts.m, parts.y)
    : texts.dayMonthYear(parts.d, texts.monthsLong[parts.m - 1] ?? "", parts.y);
}

/**
 * An instant with its time in the operator's zone, naming the zone (day numeric, month short, year, two-digit
 * hour and minute, short zone name): "4 Dec 2026, 09:05 CET", "4. Dez. 2026, 09:05 MEZ", "4 déc. 2026, 09:05 UTC+1".
 */
export function formatDateTimeFast(ms: number, locale: string, timeZone: string): string | null {
  const texts = DATES[locale];
  const parts = texts && timeZone === "Europe/Berlin" ? zonedParts(ms, timeZone) : null;
  if (!texts || !parts) return null;
  const date = texts.dayMonthYear(parts.d, texts.monthsShort[parts.m - 1] ?? "", parts.y);
  return `${date}, ${two(parts.h)}:${two(parts.min)} ${texts.zoneNames[parts.summer ? 1 : 0]}`;
}

/** An instant's calendar date in the zone as YYYY-MM-DD (the "en-CA" date), or null. */
export function isoDateInZoneFast(ms: number, timeZone: string): string | null {
  const parts = zonedParts(ms, timeZone);
  return parts && `${parts.y}-${two(parts.m)}-${two(parts.d)}`;
}
