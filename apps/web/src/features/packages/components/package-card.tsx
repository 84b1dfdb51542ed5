import type { Package } from "@festgeld/domain";
import { MOST_POPULAR_DURATION } from "@festgeld/domain/constants";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FeatureList } from "../../../components/packages/feature-list.tsx";
import { CountryFlag } from "../../../components/ui/flag.tsx";
import { formatMoney, formatRate } from "../../../lib/format.ts";

/** One of the package's terms: what it is, then its value (the value carries the test data attributes). */
function Term({
  label,
  children,
  ...data
}: { label: string; children: ReactNode } & Record<`data-${string}`, string>) {
  return (
    <div className="flex justify-between gap-2">
      <dt className="text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="font-semibold" {...data}>
        {children}
      </dd>
    </div>
  );
}

export function PackageCard({ pkg, onSelect }: { pkg: Package; onSelect: (pkg: Package) => void }) {
  const { t, i18n } = useTranslation(["invest", "banks"]);
  const popular = pkg.duration_months === MOST_POPULAR_DURATION;
  const headingId = `package-${pkg.id}`;
  return (
    <article
      aria-labelledby={headingId}
      data-testid="package-card"
      data-duration={pkg.duration_months}
      className={`relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm dark:bg-slate-900 ${
        popular
          ? "border-brand-600 ring-2 ring-brand-600 dark:border-brand-400 dark:ring-brand-400"
          : "border-slate-200 dark:border-slate-800"
      }`}
    >
      {popular && (
        <p
          className="absolute -top-3 left-1/2 max-w-[calc(100%-1rem)] -translate-x-1/2 truncate whitespace-nowrap rounded-full bg-accent-400 px-3 py-1 text-xs font-bold uppercase tracking-wide text-slate-900"
          data-testid="most-popular"
        >
          {t("packages.mostPopular")}
        </p>
      )}
      <h2 id={headingId} className="text-xl font-bold text-slate-900 dark:text-white">
        {t("packages.months", { count: pkg.duration_months })}
      </h2>
      <p
        className="mt-1 text-sm text-slate-600 dark:text-slate-300"
        data-testid="package-bank"
        data-bank={pkg.bank.slug}
      >
        <CountryFlag country={pkg.bank.country} /> {t("banks:card.heldBy", { bank: pkg.bank.name })}
      </p>
      <p className="mt-4 whitespace-nowrap" data-testid="package-rate">
        <span className="text-4xl font-extrabold text-brand-700 dark:text-brand-300">
          {formatRate(pkg.interest_rate, i18n.language)}
        </span>
        <span className="ml-1 text-sm text-slate-600 dark:text-slate-300">{t("packages.perYear")}</span>
      </p>
      <dl className="mt-4 space-y-1 text-sm">
        <Term
          label={t("interestPayout.label")}
          data-testid="interest-payout"
          data-payout={pkg.interest_payout}
        >
          {t(`interestPayout.${pkg.interest_payout}`)}
        </Term>
        <Term label={t("packages.minAmount")} data-testid="min-amount">
          {formatMoney(pkg.min_amount, pkg.currency, i18n.language, { whole: true })}
        </Term>
        <Term label={t("packages.maxAmount")} data-testid="max-amount">
          {formatMoney(pkg.max_amount, pkg.currency, i18n.language, { whole: true })}
        </Term>
      </dl>
      <FeatureList features={pkg.features} className="mt-4 flex-1 space-y-2 text-sm" />
      <button
        type="button"
        className={`${popular ? "btn-primary" : "btn-secondary"} mt-6 min-h-11 w-full`}
        onClick={() => onSelect(pkg)}
      >
        {t("packages.select")}
        <span className="sr-only"> {t("packages.months", { count: pkg.duration_months })}</span>
      </button>
    </article>
  );
}
