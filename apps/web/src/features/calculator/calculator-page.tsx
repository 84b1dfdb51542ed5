import { type CalculateRequest, type CalculateResponse, calculateRequestSchema } from "@festgeld/domain";
import { CURRENCIES, DURATIONS_MONTHS, INTEREST_PAYOUTS, LIMITS } from "@festgeld/domain/constants";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { AmountField } from "../../components/money/amount-field.tsx";
import {
  AMOUNT_STEP,
  amountMessage,
  decimalValue,
  rateMessage,
} from "../../components/money/amount-rules.ts";
import { FormErrorAlert } from "../../components/ui/form-alert.tsx";
import { fieldsOf, SelectField } from "../../components/ui/form-field.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { countryName } from "../../lib/banks.ts";
import { decimalInputText } from "../../lib/decimal.ts";
import { currencySymbol, formatMoney, formatRate } from "../../lib/format.ts";
import { addMessages, applyApiError, useApiForm } from "../../lib/forms.ts";
import { usePackages } from "../../lib/packages.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { calculate } from "./api/calculator-api.ts";
import { CalculatorResults } from "./components/calculator-results.tsx";
import { LadderCalculator } from "./components/ladder-calculator.tsx";

/** After a first result, a change is calculated again once the saver pauses typing this long. */
const RECALCULATE_AFTER_MS = 400;

/**
 * The calculation as typed (amount and rate in the saver's language), checked by the shared amount
 * rules and sent as the contract's calculateRequestSchema.
 */
function calculatorSchema(language: string, limits?: { min: number; max: number }) {
  return z
    .object({
      amount: z.string(),
      duration_months: z.string(),
      interest_rate: z.string(),
      currency: z.enum(CURRENCIES),
      interest_payout: z.enum(INTEREST_PAYOUTS),
    })
    .superRefine((values, ctx) =>
      addMessages(ctx, {
        amount: amountMessage(values.amount, language, {
          currency: values.currency,
          narrow: true,
          ...(limits ? { ...limits, ofPackage: true } : {}),
        }),
        interest_rate: rateMessage(values.interest_rate, language),
      }),
    )
    .transform(
      (values): CalculateRequest => ({
        amount: decimalValue(values.amount, language),
        duration_months: Number(values.duration_months) as CalculateRequest["duration_months"],
        interest_rate: decimalValue(values.interest_rate, language),
        currency: values.currency,
        // Asked only for monthly payout: the answer then lists each month's payment.
        ...(values.interest_payout === "monthly" ? { interest_payout: "monthly" as const } : {}),
      }),
    )
    .pipe(calculateRequestSchema);
}

/**
 * /calculator: the results shown are always the server's answer to the last calculation (hidden
 * until one returns); once one has, the results follow the inputs as the saver types. Amount and
 * rate are read in the saver's language ("10.000,50", "3,75"; see lib/decimal.ts). The packages
 * load as quick picks. It starts with no amount, 12 months, 3.5 % and euro.
 */
export default function CalculatorPage() {
  const { t, i18n } = useTranslation(["invest", "tools", "banks"]);
  const language = i18n.language;
  useDocumentTitle(t("calculator.title"), t("calculator.subtitle"));
  const id = useId();
  const [mode, setMode] = useState<"single" | "ladder">("single");
  const [limits, setLimits] = useState<{ min: number; max: number } | undefined>(undefined);
  const schema = useMemo(() => calculatorSchema(language, limits), [language, limits]);
  const { form, formError, setFormError, submit } = useApiForm({
    schema,
    defaultValues: {
      amount: "",
      duration_months: "12",
      interest_rate: decimalInputText(3.5, language),
      currency: "EUR",
      interest_payout: "at_maturity",
    },
    fallback: t("calculator.error"),
  });
  const field = fieldsOf(form, id);
  const [amount, duration, rate, currency, payout] = useWatch({
    control: form.control,
    name: ["amount", "duration_months", "interest_rate", "currency", "interest_payout"],
  });
  const [calculating, setCalculating] = useState(false);
  const [result, setResult] = useState<CalculateResponse | null>(null);
  // Whether a result was shown once: from then on, results follow the inputs.
  const [started, setStarted] = useState(false);
  const packages = usePackages();
  // Only packages whose term the calculator offers can be picked (an admin may add other terms).
  const quickPicks = (packages.data ?? []).filter((pkg) =>
    (DURATIONS_MONTHS as readonly number[]).includes(pkg.duration_months),
  );
  // The package whose term and rate are set (picked, or typed to match): its amount limits apply.
  const chosen = quickPicks.find(
    (pkg) => Number(duration) === pkg.duration_months && decimalValue(rate, language) === pkg.interest_rate,
  );
  const chosenMin = chosen?.min_amount;
  const chosenMax = chosen?.max_amount;
  useEffect(() => {
    setLimits(
      chosenMin !== undefined && chosenMax !== undefined ? { min: chosenMin, max: chosenMax } : undefined,
    );
  }, [chosenMin, chosenMax]);
  const money = (value: number) => formatMoney(value, currency, language, { whole: true, narrow: true });

  // Answers can arrive out of order while the saver types: only the latest request's answer is shown.
  const latest = useRef(0);
  async function run(request: CalculateRequest) {
    const sequence = ++latest.current;
    setCalculating(true);
    setFormError(null);
    try {
      const answer = await calculate(request);
      if (sequence === latest.current) {
        setResult(answer);
        setStarted(true);
      }
    } catch (error) {
      // A failed calculation is logged to the console; the saver is told too, instead of being left waiting.
      console.error("Calculation failed", error);
      if (sequence === latest.current) setFormError(applyApiError(form, error, t("calculator.error")));
    } finally {
      if (sequence === latest.current) setCalculating(false);
    }
  }

  // Once a result was shown, valid changes are calculated again after a short pause in typing; an
  // input that becomes invalid clears the result (it no longer answers what is typed) and drops any
  // answer still on its way.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on the inputs; run reads the latest
  useEffect(() => {
    if (!started) return;
    const checked = schema.safeParse({
      amount,
      duration_months: duration,
      interest_rate: rate,
      currency,
      interest_payout: payout,
    });
    if (!checked.success) {
      latest.current++;
      setResult(null);
      setCalculating(false);
      return;
    }
    const timer = setTimeout(() => void run(checked.data), RECALCULATE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [started, schema, amount, duration, rate, currency, payout]);

  return (
    <section className="mx-auto max-w-5xl px-4 py-12">
      <header className="max-w-3xl">
        <h1 className="text-4xl font-bold text-slate-900 dark:text-white">{t("calculator.title")}</h1>
        <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">{t("calculator.subtitle")}</p>
      </header>

      <fieldset className="mt-8" data-testid="calculator-mode">
        <legend className="label">{t("tools:ladder.mode")}</legend>
        <div className="mt-2 flex flex-wrap gap-4">
          {(["single", "ladder"] as const).map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
              <input
                type="radio"
                name={`${id}-mode`}
                value={value}
                checked={mode === value}
                onChange={() => setMode(value)}
                className="h-4 w-4 accent-brand-700"
              />
              {t(`tools:ladder.${value}`)}
            </label>
          ))}
        </div>
      </fieldset>

      {mode === "ladder" ? (
        <LadderCalculator packages={quickPicks} />
      ) : (
        <div className="mt-10 grid gap-8 lg:grid-cols-2">
          <form
            className="card space-y-5"
            noValidate
            onSubmit={submit(run)}
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
                      Number(duration) === pkg.duration_months &&
                      decimalValue(rate, language) === pkg.interest_rate;
                    return (
                      <button
                        key={pkg.id}
                        type="button"
                        aria-pressed={active}
                        onClick={() => {
                          form.setValue("duration_months", String(pkg.duration_months));
                          form.setValue("interest_rate", decimalInputText(pkg.interest_rate, language), {
                            shouldValidate: form.formState.isSubmitted,
                          });
                          form.setValue("interest_payout", pkg.interest_payout);
                        }}
                        className={`rounded-full border px-3 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-300 ${
                          active
                            ? "border-brand-700 bg-brand-700 text-white dark:border-brand-300 dark:bg-brand-300 dark:text-slate-900"
                            : "border-slate-300 text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800"
                        }`}
                      >
                        {t("calculator.quickPick", {
                          term: t("packages.months", { count: pkg.duration_months }),
                          rate: formatRate(pkg.interest_rate, language),
                        })}
                        {` · ${pkg.bank.name}`}
                      </button>
                    );
                  })}
                </div>
              </fieldset>
            )}

            {chosen && (
              <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="calculator-bank">
                {t("banks:card.bankOf", {
                  bank: chosen.bank.name,
                  country: countryName(chosen.bank.country, language),
                })}
              </p>
            )}

            <SelectField {...field("currency")} label={t("calculator.currency")}>
              {CURRENCIES.map((code) => (
                <option key={code} value={code}>
                  {t(`calculator.currencies.${code}`, { symbol: currencySymbol(code, language) })}
                </option>
              ))}
            </SelectField>

            <AmountField
              {...field("amount")}
              label={t("calculator.amount", { symbol: currencySymbol(currency, language) })}
              placeholder={t("calculator.amountPlaceholder")}
              hint={
                chosen
                  ? t("calculator.amountHintPackage", {
                      min: money(chosen.min_amount),
                      max: money(chosen.max_amount),
                      step: money(AMOUNT_STEP),
                    })
                  : t("calculator.amountHint", { min: money(LIMITS.minAmount), step: money(AMOUNT_STEP) })
              }
            />

            <SelectField {...field("duration_months", "duration")} label={t("calculator.duration")}>
              {DURATIONS_MONTHS.map((months) => (
                <option key={months} value={months}>
                  {t("packages.months", { count: months })}
                </option>
              ))}
            </SelectField>

            <AmountField
              {...field("interest_rate", "rate")}
              label={t("calculator.rate")}
              hint={t("calculator.rateHint", { min: LIMITS.minRate, max: LIMITS.maxRate })}
            />

            <SelectField {...field("interest_payout", "payout")} label={t("interestPayout.label")}>
              {INTEREST_PAYOUTS.map((value) => (
                <option key={value} value={value}>
                  {t(`interestPayout.${value}`)}
                </option>
              ))}
            </SelectField>

            <FormErrorAlert message={formError} />
            <SubmitButton
              pending={calculating}
              label={t("calculator.submit")}
              pendingLabel={t("calculator.submitting")}
              className="btn-primary w-full"
            />
          </form>

          {/* The results are announced by their summary line (CalculatorResults), not with the tax
            estimate's option lists. */}
          <div>{result && <CalculatorResults result={result} />}</div>
        </div>
      )}

      <p className="mt-10 max-w-3xl text-sm text-slate-600 dark:text-slate-400">{t("calculator.note")}</p>
    </section>
  );
}
