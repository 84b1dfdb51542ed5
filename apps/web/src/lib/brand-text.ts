import { brand } from "@brand";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "@festgeld/domain/constants";
import { formatPercent } from "@festgeld/domain/money";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { Localized, PostalAddress, SupportHours } from "../content/brand/brand-types.ts";
import { cached, formatMoney, formatNumber, localeFor } from "./format.ts";

/**
 * The brand's identity and figures as text in the reader's language, for interpolation into the
 * catalogues ({{legalName}}, {{coverage}} ...). Pages never hard-code who the operator is.
 */

export function asLanguage(language: string): Language {
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

/** The operator's own wording in the current language (English when a language is missing). */
export function localized(text: Localized, language: string): string {
  return text[asLanguage(language)] || text.en;
}

/**
 * Country names a prerendered page was built with (lib/initial-data.ts), per language and code, and the
 * ones named while rendering (collected at build time, `namedCountries`). The browser's first
 * `Intl.DisplayNames` costs one long task (75 to 140 ms on a fast machine, four times that on a slow
 * phone), and a public page names a bank's country as it hydrates (the home page's offers):
 * docs/decisions.md "Formatting without Intl on the signed-in pages".
 */
const knownCountries = new Map<string, string>();
let namedWhileRendering: Record<string, string> | null = null;

/** Adds the country names of a page's initial data, in its language. */
export function seedCountryNames(language: string, names: Record<string, string>) {
  for (const [code, name] of Object.entries(names)) knownCountries.set(`${language}:${code}`, name);
}

/** Collects the names `countryName` gives while `render` runs (the prerender's), for the page's initial data. */
export function namedCountries<T>(render: () => Promise<T>): Promise<[T, Record<string, string>]> {
  const named: Record<string, string> = {};
  namedWhileRendering = named;
  return render().then(
    (result) => {
      namedWhileRendering = null;
      return [result, named];
    },
    (error: unknown) => {
      namedWhileRendering = null;
      throw error;
    },
  );
}

export function countryName(code: string, language: string): string {
  const known = knownCountries.get(`${language}:${code}`);
  if (known !== undefined) return known;
  const name = intlCountryName(code, language);
  if (namedWhileRendering) namedWhileRendering[code] = name;
  return name;
}

function intlCountryName(code: string, language: string): string {
  try {
    const names = cached(
      `region:${language}`,
      () => new Intl.DisplayNames([localeFor(language)], { type: "region" }),
    );
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

export function formatAddress(address: PostalAddress, language: string): string {
  return `${address.street}, ${address.postalCode} ${address.city}, ${countryName(address.countryCode, language)}`;
}

/** "Mon–Fri 9:00–18:00 CET" / "Mo.–Fr. 9:00–18:00 Uhr MEZ" / "lun.–ven. 9:00–18:00 CET". */
export function formatSupportHours(
  hours: SupportHours,
  language: string,
  t: (key: string, values: Record<string, string>) => string,
): string {
  // Weekday names come from the catalogue, not from Intl: making a weekday formatter was the single
  // slowest step of hydrating a page, and Node and the browser abbreviate German weekdays differently.
  return t("hours.range", {
    firstDay: t(`hours.weekday.${hours.firstDay}`, {}),
    lastDay: t(`hours.weekday.${hours.lastDay}`, {}),
    opens: hours.opens,
    closes: hours.closes,
    zone: localized(hours.timeZoneLabel, language),
  });
}

/** "500M" / "500 Mio." for marketing figures, followed by the catalogue's "or more" wording. */
export function formatCompact(value: number, language: string, currency?: string): string {
  // English compact figures writes them ("50K+", "500M+"); en-GB would write "50k", "500m".
  const locale = asLanguage(language) === "en" ? "en-US" : localeFor(language);
  return cached(
    `compact:${locale}:${currency ?? ""}`,
    () =>
      new Intl.NumberFormat(locale, {
        notation: "compact",
        ...(currency ? { style: "currency", currency } : {}),
        minimumFractionDigits: 0,
        maximumFractionDigits: 1,
      }),
  ).format(value);
}

/** A rate with as many decimals as it has (3.99 -> "3.99%", 5 -> "5%"), for marketing text. */
function formatShortRate(rate: number, language: string) {
  return formatPercent(rate, localeFor(language), { short: true });
}

function formatScore(score: number, language: string) {
  return cached(
    `score:${language}`,
    () => new Intl.NumberFormat(localeFor(language), { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
  ).format(score);
}

/** Interpolation values for every catalogue text that speaks about the operator. */
export function brandValues(language: string, t: (key: string, values?: Record<string, string>) => string) {
  const f = brand.figures;
  const dgs = brand.depositGuaranteeScheme;
  const whole = (amount: number) => formatMoney(amount, "EUR", language, { whole: true });
  const atLeast = (value: string) => t("figures.atLeast", { value });
  return {
    legalName: brand.name,
    shortName: brand.shortName,
    legalForm: localized(brand.legalForm, language),
    partnerOf: brand.partnerOf,
    website: brand.website,
    representatives: brand.representatives.map((r) => r.name).join(", "),
    address: formatAddress(brand.registeredOffice, language),
    city: brand.registeredOffice.city,
    parisAddress: formatAddress(brand.parisOffice, language),
    phone: brand.phone,
    parisPhone: brand.parisPhone,
    emailInfo: brand.emails.info,
    emailSupport: brand.emails.support,
    emailCompliance: brand.emails.compliance,
    dpoName: brand.dataProtectionOfficer.name,
    dpoEmail: brand.dataProtectionOfficer.email,
    registerCourt: brand.tradeRegister.court,
    registerNumber: brand.tradeRegister.number,
    vatId: brand.vatId,
    supportHours: formatSupportHours(brand.supportHours, language, t),
    dgsName: dgs.name,
    dgsShortName: dgs.shortName,
    dgsWebsite: dgs.website,
    coverage: whole(dgs.coverageEur),
    highBalance: whole(dgs.temporaryHighBalance.maxEur),
    highBalanceMonths: String(dgs.temporaryHighBalance.months),
    reimbursementDays: String(dgs.reimbursementWorkingDays),
    ombudsmanName: brand.ombudsman.name,
    ombudsmanWebsite: brand.ombudsman.website,
    // Supervisors only: a register such as ORIAS records the operator but does not supervise it.
    regulators: listFormat(
      brand.regulators.filter((r) => r.kind === "supervisor").map((r) => r.shortName),
      language,
      "conjunction",
    ),
    foundedYear: String(f.foundedYear),
    yearsInBusiness: atLeast(formatNumber(f.yearsInBusiness, language)),
    rootsSinceYear: String(f.rootsSinceYear),
    experienceYears: formatNumber(f.experienceYears, language),
    assets: atLeast(formatCompact(f.assetsEur, language, "EUR")),
    customersCompact: atLeast(formatCompact(f.customers, language)),
    customers: atLeast(formatNumber(f.customers, language)),
    countries: atLeast(formatNumber(f.countries, language)),
    maxRate: formatShortRate(f.maxRate, language),
    headlineMaxRate: formatShortRate(f.headlineMaxRate, language),
    rateMin: formatShortRate(f.rateRange.min, language),
    depositProtection: whole(f.depositProtectionEur),
    ratingScore: formatScore(f.ratingPrimary.score, language),
    ratingOutOf: formatNumber(f.ratingPrimary.outOf, language),
    ratingCount: atLeast(formatNumber(f.ratingPrimary.count, language)),
    ratingCountNumber: formatNumber(f.ratingPrimary.count, language),
    ratingSecondaryScore: formatScore(f.ratingSecondary.score, language),
    ratingSecondaryOutOf: formatNumber(f.ratingSecondary.outOf, language),
    ratingSecondaryCount: formatNumber(f.ratingSecondary.count, language),
    marketingTerms: listFormat(
      f.marketingTermsMonths.map((m) => formatNumber(m, language)),
      language,
      "disjunction",
    ),
    minimumInvestment: whole(f.minimumInvestmentEur),
    termsMinimumDeposit: whole(f.termsMinimumDepositEur),
    packageMaxMin: whole(f.packageMaximumsEur.min),
    packageMaxMax: whole(f.packageMaximumsEur.max),
    processingHours: formatNumber(f.processingHours, language),
    withdrawalDays: formatNumber(f.withdrawalDays, language),
    payoutDays: formatNumber(f.payoutWorkingDays, language),
  };
}

export type BrandValues = ReturnType<typeof brandValues>;

/** "3, 6, 12 or 24" / "BaFin, ACPR and ORIAS" in the reader's language. */
export function listFormat(items: string[], language: string, type: "conjunction" | "disjunction") {
  return cached(
    `list:${language}:${type}`,
    () => new Intl.ListFormat(localeFor(language), { style: "long", type }),
  ).format(items);
}

const valuesByLanguage = new Map<string, BrandValues>();

/**
 * The values a prerendered page was built with, from its initial data (lib/initial-data.ts): the page
 * hydrates with exactly the text its HTML shows, and the browser makes none of the number, list and
 * country formatters they need (each costs milliseconds on a slow phone the first time).
 */
export function seedBrandValues(language: string, values: BrandValues) {
  valuesByLanguage.set(language, values);
}

/** brandValues worked out once per language (the catalogue's common namespace must be in). */
export function brandValuesFor(
  language: string,
  t: (key: string, values?: Record<string, string>) => string,
) {
  const known = valuesByLanguage.get(language);
  if (known) return known;
  return brandValues(language, t);
}

/**
 * brandValues for the current language. They depend only on the language and its common catalogue, so
 * they are worked out once per language for the whole page, not once per component that interpolates
 * them (a marketing page has dozens); until the catalogue is in, they are not kept.
 */
export function useBrandValues(): BrandValues {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  // biome-ignore lint/correctness/useExhaustiveDependencies: t changes with the language
  return useMemo(() => {
    const values = brandValuesFor(language, (key, values) => t(key, values ?? {}));
    if (i18n.hasResourceBundle(language, "common")) valuesByLanguage.set(language, values);
    return values;
  }, [language]);
}
