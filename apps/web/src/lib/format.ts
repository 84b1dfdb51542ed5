import {
  BUSINESS_TIME_ZONE,
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_DETAILS,
} from "@festgeld/domain/constants";
import {
  currencyNarrowSymbolFast,
  formatDateFast,
  formatDateTimeFast,
  formatIntegerFast,
  isoDateInZoneFast,
} from "@festgeld/domain/locale-format";
import {
  formatMoney as formatMoneyIn,
  formatPercent,
  type Money,
  type MoneyFormat,
  money,
  moneyFromJsonCents,
  moneyFromJsonNumber,
} from "@festgeld/domain/money";
import { currencyOf } from "./money.ts";

/** The locale numbers, money and dates are formatted in for an interface language. */
export function localeFor(language: string): string {
  return LANGUAGE_DETAILS[isLanguage(language) ? language : DEFAULT_LANGUAGE].locale;
}

type IntlFormatter = Intl.NumberFormat | Intl.DateTimeFormat | Intl.DisplayNames | Intl.ListFormat;
const cache = new Map<string, IntlFormatter>();

/**
 * One Intl formatter per key, made on first use. Making one loads locale data and costs far more than
 * formatting with it (a fifth of a marketing page's hydration when every render made its own), so
 * every formatter of the web app comes from here.
 */
export function cached<T extends IntlFormatter>(key: string, make: () => T): T {
  let f = cache.get(key) as T | undefined;
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f;
}

/**
 * Money in the reader's language by the money module's one formatter: 10000 EUR in de -> "10.000,00 €";
 * `whole` drops the cents for round marketing figures; `narrow` shows the bare symbol ("$" rather than "US$"
 * in en-GB) where the currency is chosen right beside it.
 */
export function formatAmount(amount: Money, language: string, opts: MoneyFormat = {}) {
  return formatMoneyIn(amount, localeFor(language), opts);
}

/**
 * An amount the API gives as a JSON number in major units (`amount`, `min_amount`), read by the contract's
 * codec. A number that is no amount of whole cents (no API answer is) is rounded to the cent by Intl.
 */
export function formatMoney(amount: number, currency: string, language: string, opts: MoneyFormat = {}) {
  const value = moneyFromJsonNumber(amount, currencyOf(currency));
  if (value) return formatAmount(value, language, opts);
  return cached(
    `money:${language}:${currency}:${opts.whole ? 0 : 2}:${opts.narrow ? "narrow" : ""}`,
    () =>
      new Intl.NumberFormat(localeFor(language), {
        style: "currency",
        currency,
        currencyDisplay: opts.narrow ? "narrowSymbol" : "symbol",
        signDisplay: "negative",
        maximumFractionDigits: opts.whole ? 0 : 2,
      }),
  ).format(amount);
}

/** An amount the API gives in integer cents (`coverage_cents`, `held_cents`), read by the contract's codec. */
export function formatCents(
  cents: number | bigint,
  currency: string,
  language: string,
  opts: MoneyFormat = {},
) {
  const value =
    typeof cents === "bigint"
      ? money(cents, currencyOf(currency))
      : moneyFromJsonCents(cents, currencyOf(currency));
  return value ? formatAmount(value, language, opts) : "";
}

/** The symbol of a currency as the locale writes it ("€", "$", "£"). */
export function currencySymbol(currency: string, language: string) {
  // Without Intl for the platform's currencies (locale-format.ts).
  const fast = currencyNarrowSymbolFast(currency, localeFor(language));
  if (fast !== null) return fast;
  return (
    cached(
      `symbol:${language}:${currency}`,
      () =>
        new Intl.NumberFormat(localeFor(language), {
          style: "currency",
          currency,
          currencyDisplay: "narrowSymbol",
        }),
    )
      .formatToParts(0)
      .find((part) => part.type === "currency")?.value ?? currency
  );
}

/** 3.5 -> "3.50 %" (en) / "3,50 %" (de). Rates are percent values. */
export function formatRate(ratePercent: number, language: string) {
  return formatPercent(ratePercent, localeFor(language));
}

export function formatNumber(value: number, language: string) {
  const fast = formatIntegerFast(value, localeFor(language));
  if (fast !== null) return fast;
  return cached(`num:${language}`, () => new Intl.NumberFormat(localeFor(language))).format(value);
}

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
