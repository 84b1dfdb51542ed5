/**
 * Dates in the reader's language, apart from lib/format.ts so that the public pages' first load (which
 * writes no date) does not carry the month names and the zone's rule (locale-dates.ts).
 */
import { BUSINESS_TIME_ZONE } from "@festgeld/domain/constants";
import { formatDateFast, formatDateTimeFast, isoDateInZoneFast } from "@festgeld/domain/locale-dates";
import { cached, localeFor } from "./format.ts";

/**
 * A date in the reader's language, on the calendar of the operator's zone (BUSINESS_TIME_ZONE), wherever
 * the browser is: one event has one date on every page, in the inbox, e-mails and PDFs
 * (docs/decisions.md "Every date in the operator's time zone"). `timeZone` only for a calendar date
 * stored as midnight UTC (formatCalendarDate).
 */
export function formatDate(
  value: string | Date,
  language: string,
  style: "medium" | "long" = "medium",
  timeZone: string = BUSINESS_TIME_ZONE,
) {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return "";
  // Without Intl where it can (docs/decisions.md "Formatting without Intl on the signed-in pages").
  const fast = formatDateFast(date.getTime(), localeFor(language), style, timeZone);
  if (fast !== null) return fast;
  return cached(
    `date:${language}:${style}:${timeZone}`,
    () => new Intl.DateTimeFormat(localeFor(language), { dateStyle: style, timeZone }),
  ).format(date);
}

/** A calendar date without time ("2026-01-15"), shown as that very day wherever the reader is. */
export function formatCalendarDate(isoDate: string, language: string, style: "medium" | "long" = "medium") {
  return /^\d{4}-\d{2}-\d{2}$/.test(isoDate)
    ? formatDate(`${isoDate}T00:00:00Z`, language, style, "UTC")
    : "";
}

/**
 * Date and time of an instant in the reader's language, in the operator's zone and naming it, since the
 * reader may be elsewhere ("1 Dec 2026, 23:29 CET", "01.12.2026, 23:29 MEZ").
 */
export function formatDateTime(value: string | Date, language: string) {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return "";
  const fast = formatDateTimeFast(date.getTime(), localeFor(language), BUSINESS_TIME_ZONE);
  if (fast !== null) return fast;
  return cached(
    `datetime:${language}`,
    () =>
      new Intl.DateTimeFormat(localeFor(language), {
        day: "numeric",
        month: "short",
        year: "numeric",
        hour: "2-digit",
        minute: "2-digit",
        timeZoneName: "short",
        timeZone: BUSINESS_TIME_ZONE,
      }),
  ).format(date);
}

/**
 * Today's calendar date (YYYY-MM-DD) in the operator's zone, where value, maturity and cut-off dates and the
 * books' days are counted.
 */
export function businessToday(now = new Date()): string {
  const fast = isoDateInZoneFast(now.getTime(), BUSINESS_TIME_ZONE);
  if (fast !== null) return fast;
  return cached(
    "business-today",
    () => new Intl.DateTimeFormat("en-CA", { timeZone: BUSINESS_TIME_ZONE }),
  ).format(now);
}
