import type { Language } from "@festgeld/domain/constants";

/** Locales used for numbers, money and dates per interface language. */
const LOCALES: Record<Language, string> = { en: "en-GB", de: "de-DE", fr: "fr-FR" };

export function localeFor(language: string): string {
  return LOCALES[(language as Language) in LOCALES ? (language as Language) : "en"];
}

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let f = cache.get(key) as T | undefined;
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f;
}

/** 10000 EUR in de -> "10.000,00 €"; `whole` drops the cents for round marketing figures. */
export function formatMoney(
  amount: number,
  currency: string,
  language: string,
  opts: { whole?: boolean } = {},
) {
  const digits = opts.whole ? 0 : 2;
  return cached(
    `money:${language}:${currency}:${digits}`,
    () =>
      new Intl.NumberFormat(localeFor(language), {
        style: "currency",
        currency,
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }),
  ).format(amount);
}

/** 3.5 -> "3.50 %" (en) / "3,50 %" (de). Rates are percent values. */
export function formatRate(ratePercent: number, language: string) {
  return cached(
    `rate:${language}`,
    () =>
      new Intl.NumberFormat(localeFor(language), {
        style: "percent",
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }),
  ).format(ratePercent / 100);
}

export function formatNumber(value: number, language: string) {
  return cached(`num:${language}`, () => new Intl.NumberFormat(localeFor(language))).format(value);
}

export function formatDate(value: string | Date, language: string, style: "medium" | "long" = "medium") {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return "";
  return cached(
    `date:${language}:${style}`,
    () => new Intl.DateTimeFormat(localeFor(language), { dateStyle: style }),
  ).format(date);
}
