/**
 * Numbers, euro amounts and rates in the platform's three locales (en-GB, de-DE, fr-FR) written without
 * `Intl` (dates: locale-dates.ts). The first `Intl.NumberFormat` or `Intl.DateTimeFormat` a page makes costs one long task
 * (V8 builds its list of the locales ICU has, 20 to 130 ms on a fast machine, four times that on a slow
 * phone) in the middle of the signed-in pages' start; these are the texts those pages show first. Each
 * function answers `null` for what it does not cover (another locale, another currency, a negative rate,
 * a fractional number), and the caller then asks `Intl`, as before.
 *
 * Every text is the one `Intl` writes: `locale-format.test.ts` compares them over amounts and rates of every size
 * (docs/decisions.md "Formatting without Intl on the signed-in pages").
 */

interface LocaleTexts {
  group: string;
  decimal: string;
  /** Between a number and "%" or "€" after it. */
  percentSpace: string;
  euroBefore: boolean;
}

const LOCALES: Readonly<Record<string, LocaleTexts>> = {
  "en-GB": { group: ",", decimal: ".", percentSpace: "", euroBefore: true },
  "de-DE": { group: ".", decimal: ",", percentSpace: "\u00a0", euroBefore: false },
  "fr-FR": { group: "\u202f", decimal: ",", percentSpace: "\u00a0", euroBefore: false },
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
