import type { CalculateResponse } from "@festgeld/domain";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { NetReturnEstimate } from "../../../components/money/net-return-estimate.tsx";
import { Section } from "../../../components/ui/section.tsx";
import { formatMoney, formatRate } from "../../../lib/format.ts";

/** The figures of one returned calculation, in its own currency, formatted for the reader's locale. */
export function CalculatorResults({ result }: { result: CalculateResponse }) {
  const { t, i18n } = useTranslation("invest");
  const money = (value: number) => formatMoney(value, result.currency, i18n.language, { narrow: true });
  const rows = [
    { key: "principal", label: t("calculator.principal"), value: result.principal },
    { key: "total-interest", label: t("calculator.totalInterest"), value: result.total_interest },
    ...(result.interest_payments && result.interest_payments.length > 0
      ? [
          // Paid monthly: the plan's payment each month, and the last, which takes the remainder.
          {
            key: "monthly-payment",
            label: t("interestPayout.monthlyPayment"),
            value: result.interest_payments[0]?.amount ?? 0,
          },
          {
            key: "last-payment",
            label: t("interestPayout.lastPayment"),
            value: result.interest_payments.at(-1)?.amount ?? 0,
          },
        ]
      : [
          { key: "monthly-interest", label: t("calculator.monthlyInterest"), value: result.monthly_interest },
        ]),
  ];
  const summary = t("calculator.resultsFor", {
    amount: money(result.principal),
    term: t("packages.months", { count: result.duration_months }),
    rate: formatRate(result.interest_rate, i18n.language),
  });
  return (
    <Section
      id="calculator-results-title"
      title={t("calculator.results")}
      heading="section"
      className="card"
      data-testid="calculator-results"
    >
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{summary}</p>
      {/* What a screen reader hears when a calculation returns: the inputs and the two totals. */}
      <p role="status" className="sr-only">
        {`${summary}. ${t("calculator.totalInterest")}: ${money(result.total_interest)}. ${t("calculator.totalAmount")}: ${money(result.total_amount)}.`}
      </p>
      <dl className="mt-6 space-y-3">
        {rows.map((row) => (
          <div key={row.key} className="flex items-baseline justify-between gap-4">
            <dt className="text-slate-700 dark:text-slate-300">{row.label}</dt>
            <dd
              className="text-lg font-semibold text-slate-900 dark:text-white"
              data-testid={`result-${row.key}`}
            >
              {money(row.value)}
            </dd>
          </div>
        ))}
        <div className="flex items-baseline justify-between gap-4 border-t border-slate-200 pt-3 dark:border-slate-700">
          <dt className="font-semibold text-slate-900 dark:text-white">{t("calculator.totalAmount")}</dt>
          <dd
            className="text-2xl font-extrabold text-brand-700 dark:text-brand-300"
            data-testid="result-total-amount"
          >
            {money(result.total_amount)}
          </dd>
        </div>
      </dl>
      <NetReturnEstimate grossInterest={result.total_interest} currency={result.currency} />
      {result.currency === "EUR" ? (
        // Deposits are in euro: carry the amount and the term into the application.
        <div className="mt-6 grid gap-3 sm:grid-cols-2">
          <Link
            to="/apply"
            state={{ amount: result.principal, term: result.duration_months }}
            className="btn-primary w-full"
            data-testid="calculator-apply"
          >
            {t("calculator.applyWithAmount")}
          </Link>
          <Link to="/packages" className="btn-secondary w-full">
            {t("calculator.cta")}
          </Link>
        </div>
      ) : (
        <Link to="/packages" className="btn-primary mt-6 w-full">
          {t("calculator.cta")}
        </Link>
      )}
    </Section>
  );
}
