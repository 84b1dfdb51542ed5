import { LIMITS } from "@festgeld/domain/constants";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { BankFilter, usePackageFilter } from "../../components/banks/bank-filter.tsx";
import { CountryFlag } from "../../components/ui/flag.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { formatMoney, formatRate } from "../../lib/format.ts";
import { usePackages } from "../../lib/packages.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { ComparisonTable } from "./components/comparison-table.tsx";
import { amountFromInput } from "./lib/amount.ts";

/** quick buttons 5,000 and 10,000. The default amount is ours. */
const QUICK_AMOUNTS = [5000, 10_000] as const;
const DEFAULT_AMOUNT = "10000";

/**
 * /compare: amount, quick amounts, package toggles (at most 4; the others disabled
 * when 4 are chosen; the first 3 preselected when at least 3 load), a side-by-side table and a call
 * to action per package to /apply with its id and the amount.
 */
export default function ComparePage() {
  const { t, i18n } = useTranslation(["invest", "banks"]);
  const language = i18n.language;
  useDocumentTitle(t("compare.title"), t("compare.subtitle"));
  const amountId = useId();
  const { data, isPending, isError } = usePackages();
  const filter = usePackageFilter();
  const [amountText, setAmountText] = useState(DEFAULT_AMOUNT);
  const [selected, setSelected] = useState<string[]>([]);
  const [preselected, setPreselected] = useState(false);
  const amount = amountFromInput(amountText, language);

  useEffect(() => {
    if (preselected || !data) return;
    setPreselected(true);
    if (data.length >= LIMITS.comparePreselected) {
      setSelected(data.slice(0, LIMITS.comparePreselected).map((p) => p.id));
    }
  }, [data, preselected]);

  const full = selected.length >= LIMITS.compareMaxPackages;
  const toggle = (id: string) =>
    setSelected((current) =>
      current.includes(id)
        ? current.filter((x) => x !== id)
        : current.length >= LIMITS.compareMaxPackages
          ? current
          : [...current, id],
    );
  // Columns follow the packages' own order (by term), whatever order they were picked in.
  const chosen = (data ?? []).filter((p) => selected.includes(p.id));
  const money = (value: number) => formatMoney(value, "EUR", language, { whole: true });

  return (
    <section className="mx-auto max-w-7xl px-4 py-12">
      <header className="mx-auto max-w-3xl text-center">
        <h1 className="text-4xl font-bold text-slate-900 dark:text-white">{t("compare.title")}</h1>
        <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">{t("compare.subtitle")}</p>
      </header>

      <div className="card mx-auto mt-10 max-w-3xl">
        <label htmlFor={amountId} className="label">
          {t("compare.amount")}
        </label>
        <div className="flex flex-col gap-3 sm:flex-row">
          <input
            id={amountId}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            className="input sm:flex-1"
            value={amountText}
            aria-describedby={`${amountId}-hint`}
            onChange={(e) => setAmountText(e.target.value)}
          />
          <div className="flex gap-2">
            {QUICK_AMOUNTS.map((value) => (
              <button
                key={value}
                type="button"
                className="btn-secondary"
                aria-pressed={amount === value}
                onClick={() => setAmountText(String(value))}
              >
                {money(value)}
              </button>
            ))}
          </div>
        </div>
        <p
          id={`${amountId}-hint`}
          className={`mt-2 text-sm ${amount < LIMITS.minAmount ? "font-medium text-amber-800 dark:text-amber-300" : "text-slate-600 dark:text-slate-300"}`}
        >
          {amount < LIMITS.minAmount
            ? t("compare.belowMin", { min: money(LIMITS.minAmount) })
            : t("compare.amountHint", { min: money(LIMITS.minAmount) })}
        </p>
      </div>

      {isPending ? (
        <Spinner label={t("compare.loading")} />
      ) : isError || !data || data.length === 0 ? (
        // a failed fetch is logged only and the loading state ends; we add a quiet note.
        <p className="mt-12 text-center text-slate-600 dark:text-slate-300">{t("packages.empty")}</p>
      ) : (
        <>
          <BankFilter packages={data} filter={filter} />
          <fieldset className="mt-10">
            <legend className="text-xl font-bold text-slate-900 dark:text-white">
              {t("compare.choose")}
            </legend>
            <p
              className="mt-1 text-sm text-slate-600 dark:text-slate-300"
              aria-live="polite"
              data-testid="compare-count"
            >
              {full
                ? t("compare.maxReached", { max: LIMITS.compareMaxPackages })
                : t("compare.selectedCount", { count: selected.length, max: LIMITS.compareMaxPackages })}
            </p>
            <div className="mt-4 grid gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="compare-toggles">
              {filter.apply(data).map((pkg) => {
                const isSelected = selected.includes(pkg.id);
                return (
                  <button
                    key={pkg.id}
                    type="button"
                    aria-pressed={isSelected}
                    disabled={!isSelected && full}
                    data-duration={pkg.duration_months}
                    onClick={() => toggle(pkg.id)}
                    className={`rounded-xl border-2 p-4 text-left transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-300 disabled:cursor-not-allowed disabled:opacity-50 ${
                      isSelected
                        ? "border-brand-700 bg-brand-50 dark:border-brand-300 dark:bg-brand-900"
                        : "border-slate-200 bg-white hover:border-brand-400 dark:border-slate-700 dark:bg-slate-900"
                    }`}
                  >
                    <span className="block font-bold text-slate-900 dark:text-white">
                      {t("packages.months", { count: pkg.duration_months })}
                    </span>
                    <span className="block text-2xl font-extrabold text-brand-700 dark:text-brand-200">
                      {formatRate(pkg.interest_rate, language)}
                    </span>
                    <span className="block text-sm text-slate-600 dark:text-slate-300">
                      {t("packages.perYear")}
                    </span>
                    <span
                      className="mt-1 block text-xs text-slate-600 dark:text-slate-300"
                      data-testid="compare-bank"
                    >
                      <CountryFlag country={pkg.bank.country} /> {pkg.bank.name}
                    </span>
                  </button>
                );
              })}
            </div>
          </fieldset>

          {chosen.length === 0 ? (
            <p className="mt-10 text-center text-slate-600 dark:text-slate-300">
              {t("compare.noneSelected")}
            </p>
          ) : (
            <ComparisonTable packages={chosen} amount={amount} />
          )}
        </>
      )}
    </section>
  );
}
