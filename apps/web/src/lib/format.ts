import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_DETAILS } from "@festgeld/domain/constants";
import { currencyNarrowSymbolFast, formatIntegerFast } from "@festgeld/domain/locale-format";
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
