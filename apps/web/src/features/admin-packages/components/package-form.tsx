import type { AdminPackage, FieldError as ApiFieldError, PackageCreateRequest } from "@festgeld/domain";
import { DURATIONS_MONTHS, LANGUAGES, LIMITS } from "@festgeld/domain/constants";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { describedBy, FieldError } from "../../../components/ui/field-error.tsx";
import { FormAlert } from "../../../components/ui/form-alert.tsx";
import { parseDecimal } from "../../../lib/decimal.ts";

type Field =
  | "duration_months"
  | "interest_rate"
  | "min_amount"
  | "max_amount"
  | "features.en"
  | "features.de"
  | "features.fr";

export interface PackageFormValues extends PackageCreateRequest {
  is_active: boolean;
}

const FEATURES_MAX = 12;
const FEATURE_MAX_LENGTH = 200;

const lines = (text: string) =>
  text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);

/**
 * Create or edit a package: term, rate, limits, features in every language and availability. The
 * browser checks the same rules as the server, so most mistakes are explained before sending.
 */
export function PackageForm({
  initial,
  onSubmit,
  onCancel,
  submitting,
  serverError,
  serverFields,
}: {
  initial: AdminPackage | null;
  onSubmit: (values: PackageFormValues) => void;
  onCancel: () => void;
  submitting: boolean;
  serverError: string | null;
  serverFields: ApiFieldError[];
}) {
  const { t, i18n } = useTranslation("admin");
  /** A decimal as typed in the current language ("3,5", "10.000"; lib/decimal.ts), or NaN. */
  const decimal = (text: string) => parseDecimal(text, i18n.language) ?? Number.NaN;
  const [duration, setDuration] = useState(String(initial?.duration_months ?? 12));
  const [rate, setRate] = useState(initial ? String(initial.interest_rate) : "");
  const [min, setMin] = useState(initial ? String(initial.min_amount) : "");
  const [max, setMax] = useState(initial ? String(initial.max_amount) : "");
  const [features, setFeatures] = useState<Record<(typeof LANGUAGES)[number], string>>({
    en: initial?.features.en.join("\n") ?? "",
    de: initial?.features.de.join("\n") ?? "",
    fr: initial?.features.fr.join("\n") ?? "",
  });
  const [active, setActive] = useState(initial?.is_active ?? true);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const base = useId();
  const id = (field: string) => `${base}-${field.replace(".", "-")}`;

  // Field errors from the server (body.max_amount -> max_amount) when the browser let something through.
  const serverFieldError = (field: Field) =>
    serverFields.find((f) => f.path === `body.${field}` || f.path.startsWith(`body.${field}.`))
      ? t("packages.form.invalid")
      : undefined;
  const errorFor = (field: Field) => errors[field] ?? serverFieldError(field);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Partial<Record<Field, string>> = {};
    const rateValue = decimal(rate);
    const minValue = decimal(min);
    const maxValue = decimal(max);
    if (!Number.isFinite(rateValue) || rateValue < LIMITS.minRate || rateValue > LIMITS.maxRate) {
      next.interest_rate = t("packages.form.errors.rate", { min: LIMITS.minRate, max: LIMITS.maxRate });
    }
    if (!Number.isFinite(minValue) || minValue < LIMITS.minAmount || minValue > LIMITS.maxAmount) {
      next.min_amount = t("packages.form.errors.min", { min: LIMITS.minAmount });
    }
    if (!Number.isFinite(maxValue) || maxValue > LIMITS.maxAmount || maxValue < LIMITS.minAmount) {
      next.max_amount = t("packages.form.errors.max", { max: LIMITS.maxAmount });
    } else if (Number.isFinite(minValue) && maxValue < minValue) {
      next.max_amount = t("packages.form.errors.maxBelowMin");
    }
    const featureLists = {
      en: lines(features.en),
      de: lines(features.de),
      fr: lines(features.fr),
    };
    for (const language of LANGUAGES) {
      const list = featureLists[language];
      if (
        list.length === 0 ||
        list.length > FEATURES_MAX ||
        list.some((l) => l.length > FEATURE_MAX_LENGTH)
      ) {
        next[`features.${language}`] = t("packages.form.errors.features", {
          max: FEATURES_MAX,
          length: FEATURE_MAX_LENGTH,
        });
      }
    }
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    onSubmit({
      duration_months: Number(duration),
      interest_rate: rateValue,
      min_amount: minValue,
      max_amount: maxValue,
      features: featureLists,
      is_active: active,
    });
  };

  const numberField = (
    field: "interest_rate" | "min_amount" | "max_amount",
    value: string,
    set: (v: string) => void,
  ) => (
    <div>
      <label htmlFor={id(field)} className="label">
        {t(`packages.form.${field}`)}
      </label>
      <input
        id={id(field)}
        className="input"
        inputMode="decimal"
        value={value}
        onChange={(e) => set(e.target.value)}
        aria-invalid={errorFor(field) ? true : undefined}
        aria-describedby={describedBy(errorFor(field) && `${id(field)}-error`)}
      />
      <FieldError id={`${id(field)}-error`} message={errorFor(field)} />
    </div>
  );

  return (
    <form className="card space-y-5" onSubmit={submit} noValidate data-testid="package-form">
      <h3 className="text-lg font-semibold text-slate-900 dark:text-white">
        {initial ? t("packages.form.editTitle") : t("packages.form.createTitle")}
      </h3>
      {serverError && <FormAlert kind="error">{serverError}</FormAlert>}
      <div className="grid gap-4 md:grid-cols-4">
        <div>
          <label htmlFor={id("duration_months")} className="label">
            {t("packages.form.duration_months")}
          </label>
          <select
            id={id("duration_months")}
            className="input"
            value={duration}
            onChange={(e) => setDuration(e.target.value)}
          >
            {DURATIONS_MONTHS.map((months) => (
              <option key={months} value={months}>
                {t("applications.months", { count: months })}
              </option>
            ))}
          </select>
        </div>
        {numberField("interest_rate", rate, setRate)}
        {numberField("min_amount", min, setMin)}
        {numberField("max_amount", max, setMax)}
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t("packages.form.featuresHint")}</p>
      <div className="grid gap-4 md:grid-cols-3">
        {LANGUAGES.map((language) => {
          const field = `features.${language}` as const;
          return (
            <div key={language}>
              <label htmlFor={id(field)} className="label">
                {t(`packages.form.features.${language}`)}
              </label>
              <textarea
                id={id(field)}
                lang={language}
                className="input min-h-36"
                value={features[language]}
                onChange={(e) => setFeatures({ ...features, [language]: e.target.value })}
                aria-invalid={errorFor(field) ? true : undefined}
                aria-describedby={describedBy(errorFor(field) && `${id(field)}-error`)}
              />
              <FieldError id={`${id(field)}-error`} message={errorFor(field)} />
            </div>
          );
        })}
      </div>
      <label className="flex items-center gap-2 text-slate-800 dark:text-slate-200">
        <input
          type="checkbox"
          className="h-4 w-4 accent-brand-700"
          checked={active}
          onChange={(e) => setActive(e.target.checked)}
        />
        {t("packages.form.active")}
      </label>
      {initial && (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t("packages.form.existingNote")}</p>
      )}
      <div className="flex gap-3">
        <button type="submit" className="btn-primary" disabled={submitting}>
          {submitting ? t("packages.form.saving") : t("packages.form.save")}
        </button>
        <button type="button" className="btn-secondary" onClick={onCancel}>
          {t("packages.form.cancel")}
        </button>
      </div>
    </form>
  );
}
