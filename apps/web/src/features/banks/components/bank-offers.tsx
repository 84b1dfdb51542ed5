import type { Package } from "@festgeld/domain";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatMoney, formatRate } from "../../../lib/format.ts";

/** A bank's offers: term, rate and amounts, each with a link to apply for it. */
export function BankOffers({ packages }: { packages: Package[] }) {
  const { t, i18n } = useTranslation(["invest", "banks"]);
  if (packages.length === 0) return <p className="mt-2 text-sm">{t("banks:list.noOffers")}</p>;
  return (
    <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="bank-offers">
      {packages.map((pkg) => (
        <li
          key={pkg.id}
          className="card flex flex-col gap-1"
          data-testid="bank-offer"
          data-duration={pkg.duration_months}
        >
          <span className="font-semibold text-slate-900 dark:text-white">
            {t("invest:packages.months", { count: pkg.duration_months })}
          </span>
          <span className="text-2xl font-extrabold text-brand-700 dark:text-brand-300">
            {formatRate(pkg.interest_rate, i18n.language)}
          </span>
          <span className="text-sm text-slate-600 dark:text-slate-300">
            {formatMoney(pkg.min_amount, pkg.currency, i18n.language, { whole: true })} –{" "}
            {formatMoney(pkg.max_amount, pkg.currency, i18n.language, { whole: true })}
          </span>
          <Link to="/apply" state={{ packageId: pkg.id }} className="btn-secondary mt-2 min-h-11">
            {t("banks:profile.apply")}
            <span className="sr-only"> {t("invest:packages.months", { count: pkg.duration_months })}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
