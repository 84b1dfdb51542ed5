import {
  BUSINESS_TIME_ZONE,
  currencyFromDb,
  formatMoney,
  LANGUAGE_DETAILS,
  type Language,
  moneyFromDb,
} from "@festgeld/domain";

/**
 * Intl formatters are costly to build (about a millisecond each) and hold no state, so each is built
 * once per locale and options: a maturity run formats hundreds of thousands of figures.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Amounts, rates and dates as the saver reads them, in their language. Amounts are integer cents. */
export function formatterFor(language: Language) {
  // The formatting locale of the language (docs/decisions.md, "Locales for formatting").
  const locale = LANGUAGE_DETAILS[language].locale;
  return {
    /**
     * 1000000 (cents, as a row or the stored facts carry them), "EUR" -> "€10,000.00" / "10.000,00 €" /
     * "10 000,00 €", by the money module's formatMoney (exact: Intl reads the decimal text).
     */
    money(cents: number | bigint, currency: string) {
      return formatMoney(moneyFromDb(cents, currencyFromDb(currency)), locale);
    },
    /** "3.50" (per cent) -> "3.50 %" / "3,50 %". */
    percent(rate: string) {
      const value = cached(
        `percent:${locale}`,
        () => new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 3 }),
      ).format(rate as Intl.StringNumericLiteral);
      return language === "en" ? `${value}%` : `${value} %`;
    },
    /** A calendar date ("2026-11-23") or an instant, as a long date in Berlin. */
    date(value: string) {
      const instant = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
      return cached(
        `date:${locale}`,
        () => new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: BUSINESS_TIME_ZONE }),
      ).format(instant);
    },
    /**
     * An instant with its time, in Berlin and naming the zone, as the web app shows it ("1 December 2026
     * at 23:29 CET"; docs/decisions.md "Every date in the operator's time zone").
     */
    dateTime(value: string) {
      return cached(
        `dateTime:${locale}`,
        () =>
          new Intl.DateTimeFormat(locale, {
            day: "numeric",
            month: "long",
            year: "numeric",
            hour: "2-digit",
            minute: "2-digit",
            timeZoneName: "short",
            timeZone: BUSINESS_TIME_ZONE,
          }),
      ).format(new Date(value));
    },
  };
}

export type Formatter = ReturnType<typeof formatterFor>;

/** The short reference of an application that savers and staff quote: the first 8 hex digits of its id. */
export function applicationReference(id: string) {
  return id.replace(/-/g, "").slice(0, 8).toUpperCase();
}
