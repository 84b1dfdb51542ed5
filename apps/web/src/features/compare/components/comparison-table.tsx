import type { Package } from "@festgeld/domain";
import { calculateReturn } from "@festgeld/domain/plan";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FeatureList } from "../../../components/packages/feature-list.tsx";
import { SideScroll } from "../../../components/ui/side-scroll.tsx";
import { formatMoney, formatRate } from "../../../lib/format.ts";

/**
 * The selected packages side by side for one amount. Interest uses the shared exact implementation
 * (the same code the server runs), so the figures match the calculator's to the cent.
 */
export function ComparisonTable({ packages, amount }: { packages: Package[]; amount: number }) {
  const { t, i18n } = useTranslation(["invest", "banks"]);
  const language = i18n.language;
  const money = (value: number, currency: string) => formatMoney(value, currency, language);
  const whole = (value: number, currency: string) => formatMoney(value, currency, language, { whole: true });
  const figures = packages.map((pkg) => ({
    pkg,
    result: calculateReturn({
      amount,
      ratePercent: pkg.interest_rate,
      months: pkg.duration_months,
      interestPayout: pkg.interest_payout,
    }),
    outside: amount < pkg.min_amount || amount > pkg.max_amount,
  }));

  const row = (label: string, cell: (f: (typeof figures)[number]) => ReactNode, testId?: string) => (
    <tr className="border-t border-slate-200 dark:border-slate-700">
      <th scope="row" className="px-4 py-3 text-left text-sm font-medium text-slate-700 dark:text-slate-300">
        {label}
      </th>
      {figures.map((f) => (
        <td key={f.pkg.id} className="px-4 py-3 align-top" data-testid={testId}>
          {cell(f)}
        </td>
      ))}
    </tr>
  );

  return (
    // A phone shows one package at a time: the box says which and how to see the others.
    <SideScroll
      className="mt-10"
      label={t("compare.tableRegion")}
      itemSelector="thead th:not(:first-child)"
      hint={(shown, count) => t("compare.scrollHint", { shown, count })}
      previous={t("compare.scrollPrevious")}
      next={t("compare.scrollNext")}
      testId="compare-scroll"
    >
      <table
        className="w-full min-w-[40rem] border-collapse bg-white dark:bg-slate-900"
        data-testid="compare-table"
      >
        <caption className="sr-only">{t("compare.caption", { amount: whole(amount, "EUR") })}</caption>
        <thead>
          <tr className="bg-slate-50 dark:bg-slate-800">
            <th
              scope="col"
              className="px-4 py-3 text-left text-sm font-semibold text-slate-700 dark:text-slate-200"
            >
              {t("compare.package")}
            </th>
            {figures.map(({ pkg }) => (
              <th
                key={pkg.id}
                scope="col"
                className="px-4 py-3 text-left text-lg font-bold text-slate-900 dark:text-white"
              >
                {t("packages.months", { count: pkg.duration_months })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {row(t("compare.rows.rate"), ({ pkg }) => (
            <span className="text-xl font-extrabold text-brand-700 dark:text-brand-200">
              {formatRate(pkg.interest_rate, language)} {t("packages.perYear")}
            </span>
          ))}
          {row(t("compare.rows.term"), ({ pkg }) => t("packages.months", { count: pkg.duration_months }))}
          {row(t("banks:filter.bank"), ({ pkg }) => pkg.bank.name, "compare-bank-row")}
          {row(
            t("interestPayout.label"),
            ({ pkg, result }) => (
              <>
                {t(`interestPayout.${pkg.interest_payout}`)}
                {result?.interest_payments?.[0] && (
                  <span className="block text-sm text-slate-600 dark:text-slate-300">
                    {t("interestPayout.monthlyPaymentIs", {
                      amount: money(result.interest_payments[0].amount, pkg.currency),
                    })}
                  </span>
                )}
              </>
            ),
            "compare-payout",
          )}
          {row(
            t("compare.rows.interest"),
            ({ pkg, result }) => (
              <span className="font-semibold">
                {result ? money(result.total_interest, pkg.currency) : "–"}
              </span>
            ),
            "compare-interest",
          )}
          {row(
            t("compare.rows.total"),
            ({ pkg, result, outside }) => (
              <>
                <span className="font-semibold">
                  {result ? money(result.total_amount, pkg.currency) : "–"}
                </span>
                {outside && (
                  <span className="mt-1 block text-sm text-amber-800 dark:text-amber-300">
                    {t("compare.outsideLimits")}
                  </span>
                )}
              </>
            ),
            "compare-total",
          )}
          {row(t("compare.rows.min"), ({ pkg }) => whole(pkg.min_amount, pkg.currency))}
          {row(t("compare.rows.max"), ({ pkg }) => whole(pkg.max_amount, pkg.currency))}
          {row(t("compare.rows.features"), ({ pkg }) => (
            <FeatureList features={pkg.features} className="space-y-1 text-sm" />
          ))}
          <tr className="border-t border-slate-200 dark:border-slate-700">
            <td className="px-4 py-3" />
            {figures.map(({ pkg }) => (
              <td key={pkg.id} className="px-4 py-3">
                <Link
                  to="/apply"
                  state={{ packageId: pkg.id, amount: amount > 0 ? amount : undefined }}
                  className="btn-primary w-full"
                >
                  {t("compare.apply")}
                  <span className="sr-only"> {t("packages.months", { count: pkg.duration_months })}</span>
                </Link>
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </SideScroll>
  );
}
