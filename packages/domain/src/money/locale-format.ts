/**
 * Numbers, euro amounts, rates and dates in the platform's three locales (en-GB, de-DE, fr-FR) written
 * without `Intl`. The first `Intl.NumberFormat` or `Intl.DateTimeFormat` a page makes costs one long task
 * (V8 builds its list of the locales ICU has, 20 to 130 ms on a fast machine, four times that on a slow
 * phone) in the middle of the signed-in pages' start; these are the texts those pages show first. Each
 * function answers `null` for what it does not cover (another locale, another currency, a negative rate,
 * a fractional number, an instant whose UTC year is before 1996 or after 2037), and the caller then asks `Intl`,
 * as before.
 *
 * Every text is the one `Intl` writes: `locale-format.test.ts` compares them over every day of twenty years,
 * every hour around each summer-time change, and amounts and rates of every size
 * (docs/decisions.md "Formatting without Intl on the signed-in pages").
 */

interface LocaleTexts {
  group: string;
  decimal: string;
  /** Between a number and "%" or "€" after it. */
  percentSpace: string;
  euroBefore: boolean;
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

const LOCALES: Readonly<Record<string, LocaleTexts>> = {
  "en-GB": {
    group: ",",
    decimal: ".",
    percentSpace: "",
    euroBefore: true,
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
    group: ".",
    decimal: ",",
    percentSpace: "\u00a0",
    euroBefore: false,
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
    group: "\u202f",
    decimal: ",",
    percentSpace: "\u00a0",
    euroBefore: false,
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

/** Digits (no sign) with the locale's group separator every three from the right: "1234567" -> "1.234.567". */
function groupDigits(digits: string, separator: string): string {
  let end = digits.length % 3 || 3;
  let out = digits.slice(0, end);
  for (; end < digits.length; end += 3) out += separator + digits.slice(end, end + 3);
  return out;
}

/** An integer (a count) as `new Intl.NumberFormat(locale).format` writes it; null for anything else. */
export function formatIntegerFast(value: number, locale: string): string | null {
  const texts = LOCALES[locale];
  if (!texts || !Number.isSafeInteger(value) || Object.is(value, -0)) return null;
  const digits = groupDigits(String(Math.abs(value)), texts.group);
  return value < 0 ? `-${digits}` : digits;
}

/**
 * Euro cents as the money formatter writes them (currency style, symbol or narrow symbol alike, the sign
 * only below zero): 123456n -> "€1,234.56" (en-GB), "1.234,56 €" (de-DE), "1 234,56 €" (fr-FR); `whole`
 * rounds half away from zero to whole euros, and an amount that rounds to zero has no sign.
 */
export function formatEuroCentsFast(cents: bigint, locale: string, whole = false): string | null {
  const texts = LOCALES[locale];
  if (!texts) return null;
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  let number: string;
  let zero: boolean;
  if (whole) {
    const units = (abs + 50n) / 100n;
    zero = units === 0n;
    number = groupDigits(units.toString(), texts.group);
  } else {
    zero = abs === 0n;
    const fraction = abs % 100n;
    number = `${groupDigits((abs / 100n).toString(), texts.group)}${texts.decimal}${fraction < 10n ? "0" : ""}${fraction}`;
  }
  const sign = negative && !zero ? "-" : "";
  return texts.euroBefore ? `${sign}€${number}` : `${sign}${number}\u00a0€`;
}

/** The narrow symbols of the currencies the platform names, the same in the three locales. */
const NARROW_SYMBOLS: Readonly<Record<string, string>> = { EUR: "€", USD: "$", GBP: "£", CHF: "CHF" };

/** A currency's narrow symbol as the locale's currency formatter writes it ("€", "$", "£"); null for others. */
export function currencyNarrowSymbolFast(currency: string, locale: string): string | null {
  return LOCALES[locale] ? (NARROW_SYMBOLS[currency] ?? null) : null;
}

/** Cents as a banking app's amount field takes them: no grouping, the locale's decimal mark ("1234,56"). */
export function formatPlainCentsFast(cents: bigint, locale: string): string | null {
  const texts = LOCALES[locale];
  if (!texts) return null;
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const fraction = abs % 100n;
  return `${negative ? "-" : ""}${abs / 100n}${texts.decimal}${fraction < 10n ? "0" : ""}${fraction}`;
}

/**
 * A rate in percent given as plain decimal text ("3.5", "12", "0.125") as the percent formatter writes it:
 * rounded half away from zero to two decimals, with at least `minFraction` of them ("3.50%", "3,50 %"). Null
 * for a negative or malformed rate.
 */
export function formatPercentTextFast(text: string, locale: string, minFraction: 0 | 2): string | null {
  const texts = LOCALES[locale];
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!texts || !match) return null;
  const fraction = match[2] ?? "";
  // Hundredths, rounded half away from zero by the third decimal.
  let hundredths = BigInt((match[1] ?? "0") + fraction.slice(0, 2).padEnd(2, "0"));
  if ((fraction[2] ?? "0") >= "5") hundredths += 1n;
  let decimals = (hundredths % 100n).toString().padStart(2, "0");
  if (minFraction === 0) decimals = decimals.replace(/0+$/, "");
  const number = groupDigits((hundredths / 100n).toString(), texts.group);
  return `${number}${decimals ? texts.decimal + decimals : ""}${texts.percentSpace}%`;
}

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
  const texts = LOCALES[locale];
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
  const texts = LOCALES[locale];
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
