import type { CalculateRequest, CalculateResponse, Currency } from "@festgeld/domain";
import { CURRENCIES, DURATIONS_MONTHS, LIMITS } from "@festgeld/domain/constants";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { describedBy, FieldError } from "../../components/ui/field-error.tsx";
import { errorMessage } from "../../lib/api-client.ts";
import { decimalInputText, parseDecimal } from "../../lib/decimal.ts";
import { currencySymbol, formatMoney, formatRate } from "../../lib/format.ts";
import { usePackages } from "../../lib/packages.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { amountProblem, rateProblem } from "../../lib/validation.ts";
import { calculate } from "./api/calculator-api.ts";
import { CalculatorResults } from "./components/calculator-results.tsx";

/** The calculator starts with no amount, 12 months, 3.5 % and euro; amounts go in steps of 100. */
const DEFAULTS = { amount: "", duration: 12, rate: 3.5, currency: "EUR" as Currency };
const AMOUNT_STEP = 100;
/** After a first result, a change is calculated again once the saver pauses typing this long. */
const RECALCULATE_AFTER_MS = 400;

type Errors = Partial<Record<"amount" | "rate", string>>;

/**
 * /calculator: the results shown are always the server's answer to the last calculation (hidden
 * until one returns); once one has, the results follow the inputs as the saver types. Amount and
 * rate are read in the saver's language ("10.000,50", "3,75"; see lib/decimal.ts). The packages
 * load as quick picks.
 */
export default function CalculatorPage() {
  const { t, i18n } = useTranslation("invest");
  const language = i18n.language;
  useDocumentTitle(t("calculator.title"), t("calculator.subtitle"));
  const ids = { amount: useId(), rate: useId(), duration: useId(), currency: useId() };
  const amountRef = useRef<HTMLInputElement>(null);
  const rateRef = useRef<HTMLInputElement>(null);

  const [amount, setAmount] = useState(DEFAULTS.amount);
  const [duration, setDuration] = useState<number>(DEFAULTS.duration);
  const [rate, setRate] = useState(() => decimalInputText(DEFAULTS.rate, language));
  const [currency, setCurrency] = useState<Currency>(DEFAULTS.currency);
  const [errors, setErrors] = useState<Errors>({});
  const [attempted, setAttempted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<CalculateResponse | null>(null);
  const packages = usePackages();
  // Only packages whose term the calculator offers can be picked (an admin may add other terms).
  const quickPicks = (packages.data ?? []).filter((pkg) =>
    (DURATIONS_MONTHS as readonly number[]).includes(pkg.duration_months),
  );

  const money = (value: number) => formatMoney(value, currency, language, { whole: true, narrow: true });

  function validate(next: { amount: string; rate: string }): Errors {
    const found: Errors = {};
    const a = amountProblem(
      next.amount,
      { min: LIMITS.minAmount, max: LIMITS.maxAmount, step: AMOUNT_STEP },
      language,
    );
    if (a) {
      found.amount = t(`validation.amount.${a}`, {
        min: money(LIMITS.minAmount),
        max: money(LIMITS.maxAmount),
        step: money(AMOUNT_STEP),
      });
    }
    const r = rateProblem(next.rate, { min: LIMITS.minRate, max: LIMITS.maxRate }, language);
    if (r) found.rate = t(`validation.rate.${r}`, { min: LIMITS.minRate, max: LIMITS.maxRate });
    return found;
  }

  function update(next: Partial<{ amount: string; rate: string }>) {
    const values = { amount, rate, ...next };
    if (next.amount !== undefined) setAmount(next.amount);
    if (next.rate !== undefined) setRate(next.rate);
    setFailure(null);
    // After a first attempt the hints follow the input, so the saver sees when a field is fixed.
    if (attempted) setErrors(validate(values));
  }

  // Answers can arrive out of order while the saver types: only the latest request's answer is shown.
  const latest = useRef(0);
  async function run() {
    const request: CalculateRequest = {
      amount: parseDecimal(amount, language) ?? 0,
      duration_months: duration as CalculateRequest["duration_months"],
      interest_rate: parseDecimal(rate, language) ?? 0,
      currency,
    };
    const sequence = ++latest.current;
    setSubmitting(true);
    setFailure(null);
    try {
      const answer = await calculate(request);
      if (sequence === latest.current) setResult(answer);
    } catch (error) {
      // A failed calculation is logged to the console; the saver is told too, instead of being left waiting.
      console.error("Calculation failed", error);
      if (sequence === latest.current) setFailure(errorMessage(error, t("calculator.error")));
    } finally {
      if (sequence === latest.current) setSubmitting(false);
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    const found = validate({ amount, rate });
    setErrors(found);
    if (found.amount) return amountRef.current?.focus();
    if (found.rate) return rateRef.current?.focus();
    await run();
  }

  // Once results are shown, valid changes are calculated again after a short pause in typing.
  const shown = result !== null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on the inputs; run and validate read them
  useEffect(() => {
    if (!shown) return;
    const found = validate({ amount, rate });
    if (found.amount || found.rate) return;
    const timer = setTimeout(() => void run(), RECALCULATE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [shown, amount, rate, duration, currency, language]);

  return (
    <section className="mx-auto max-w-5xl px-4 py-12">
      <header className="max-w-3xl">
        <h1 className="text-4xl font-bold text-slate-900 dark:text-white">{t("calculator.title")}</h1>
        <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">{t("calculator.subtitle")}</p>
      </header>

      <div className="mt-10 grid gap-8 lg:grid-cols-2">
        <form
          className="card space-y-5"
          noValidate
          onSubmit={onSubmit}
          aria-label={t("calculator.formLabel")}
        >
          {quickPicks.length > 0 && (
            <fieldset>
              <legend className="label">{t("calculator.quickPicks")}</legend>
              <p className="mb-2 text-sm text-slate-600 dark:text-slate-300">
                {t("calculator.quickPicksHint")}
              </p>
              <div className="flex flex-wrap gap-2" data-testid="quick-picks">
                {quickPicks.map((pkg) => {
                  const active =
                    duration === pkg.duration_months && parseDecimal(rate, language) === pkg.interest_rate;
                  return (
                    <button
                      key={pkg.id}
                      type="button"
                      aria-pressed={active}
                      onClick={() => {
                        setDuration(pkg.duration_months);
                        update({ rate: decimalInputText(pkg.interest_rate, language) });
                      }}
                      className={`rounded-full border px-3 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                        active
                          ? "border-brand-700 bg-brand-700 text-white dark:border-brand-300 dark:bg-brand-300 dark:text-slate-900"
                          : "border-slate-300 text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800"
                      }`}
                    >
                      {t("calculator.quickPick", {
                        term: t("packages.months", { count: pkg.duration_months }),
                        rate: formatRate(pkg.interest_rate, language),
                      })}
                    </button>
                  );
                })}
              </div>
            </fieldset>
          )}

          <div>
            <label htmlFor={ids.currency} className="label">
              {t("calculator.currency")}
            </label>
            <select
              id={ids.currency}
              className="input"
              value={currency}
              onChange={(e) => {
                setCurrency(e.target.value as Currency);
                setFailure(null);
              }}
            >
              {CURRENCIES.map((code) => (
                <option key={code} value={code}>
                  {t(`calculator.currencies.${code}`, { symbol: currencySymbol(code, language) })}
                </option>
              ))}
            </select>
          </div>

          <div>
            <label htmlFor={ids.amount} className="label">
              {t("calculator.amount", { symbol: currencySymbol(currency, language) })}
            </label>
            <input
              ref={amountRef}
              id={ids.amount}
              name="amount"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              className="input"
              required
              placeholder={t("calculator.amountPlaceholder")}
              value={amount}
              aria-invalid={errors.amount ? true : undefined}
              aria-describedby={describedBy(`${ids.amount}-hint`, errors.amount && `${ids.amount}-error`)}
              onChange={(e) => update({ amount: e.target.value })}
            />
            <p id={`${ids.amount}-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-300">
              {t("calculator.amountHint", { min: money(LIMITS.minAmount), step: money(AMOUNT_STEP) })}
            </p>
            <FieldError id={`${ids.amount}-error`} message={errors.amount} />
          </div>

          <div>
            <label htmlFor={ids.duration} className="label">
              {t("calculator.duration")}
            </label>
            <select
              id={ids.duration}
              name="duration_months"
              className="input"
              value={duration}
              onChange={(e) => {
                setDuration(Number(e.target.value));
                setFailure(null);
              }}
            >
              {DURATIONS_MONTHS.map((months) => (
                <option key={months} value={months}>
                  {t("packages.months", { count: months })}
                </option>
              ))}
            </select>
          </div>

          <div>
            <label htmlFor={ids.rate} className="label">
              {t("calculator.rate")}
            </label>
            <input
              ref={rateRef}
              id={ids.rate}
              name="interest_rate"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              className="input"
              required
              value={rate}
              aria-invalid={errors.rate ? true : undefined}
              aria-describedby={describedBy(`${ids.rate}-hint`, errors.rate && `${ids.rate}-error`)}
              onChange={(e) => update({ rate: e.target.value })}
            />
            <p id={`${ids.rate}-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-300">
              {t("calculator.rateHint", { min: LIMITS.minRate, max: LIMITS.maxRate })}
            </p>
            <FieldError id={`${ids.rate}-error`} message={errors.rate} />
          </div>

          {failure && (
            <p
              role="alert"
              className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
            >
              {failure}
            </p>
          )}

          <button type="submit" className="btn-primary w-full" disabled={submitting}>
            {submitting ? t("calculator.submitting") : t("calculator.submit")}
          </button>
        </form>

        <div aria-live="polite">{result && <CalculatorResults result={result} />}</div>
      </div>

      <p className="mt-10 max-w-3xl text-sm text-slate-600 dark:text-slate-400">{t("calculator.note")}</p>
    </section>
  );
}
