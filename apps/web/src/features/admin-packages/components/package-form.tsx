import type {
  AdminBank,
  AdminPackage,
  FieldError as ApiFieldError,
  PackageCreateRequest,
} from "@festgeld/domain";
import { DURATIONS_MONTHS, INTEREST_PAYOUTS, LANGUAGES, LIMITS } from "@festgeld/domain/constants";
import { useEffect, useId, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { decimalValue } from "../../../components/money/amount-rules.ts";
import { FormErrorAlert } from "../../../components/ui/form-alert.tsx";
import { FormField, fieldsOf, SelectField, TextAreaField } from "../../../components/ui/form-field.tsx";
import { SubmitOrCancel } from "../../../components/ui/submit-button.tsx";
import { serverFieldName, useApiForm } from "../../../lib/forms.ts";
import { i18n } from "../../../lib/i18n.ts";

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
 * The package as typed (numbers in the current language, lib/decimal.ts; one feature per line) with
 * the server's rules worded for the reviewer, then the request.
 */
function packageSchema(language: string) {
  const decimal = (text: string) => decimalValue(text, language);
  const features = z.object({ en: z.string(), de: z.string(), fr: z.string() });
  return z
    .object({
      duration_months: z.string(),
      interest_rate: z.string(),
      min_amount: z.string(),
      max_amount: z.string(),
      features,
      is_active: z.boolean(),
      bank_id: z.string(),
      interest_payout: z.enum(INTEREST_PAYOUTS),
    })
    .transform((values, ctx): PackageFormValues => {
      const problem = (path: string[], message: string) => ctx.addIssue({ code: "custom", path, message });
      const rate = decimal(values.interest_rate);
      const min = decimal(values.min_amount);
      const max = decimal(values.max_amount);
      if (!Number.isFinite(rate) || rate < LIMITS.minRate || rate > LIMITS.maxRate) {
        problem(
          ["interest_rate"],
          i18n.t("admin:packages.form.errors.rate", { min: LIMITS.minRate, max: LIMITS.maxRate }),
        );
      }
      if (!Number.isFinite(min) || min < LIMITS.minAmount || min > LIMITS.maxAmount) {
        problem(["min_amount"], i18n.t("admin:packages.form.errors.min", { min: LIMITS.minAmount }));
      }
      if (!Number.isFinite(max) || max > LIMITS.maxAmount || max < LIMITS.minAmount) {
        problem(["max_amount"], i18n.t("admin:packages.form.errors.max", { max: LIMITS.maxAmount }));
      } else if (Number.isFinite(min) && max < min) {
        problem(["max_amount"], i18n.t("admin:packages.form.errors.maxBelowMin"));
      }
      const lists = {
        en: lines(values.features.en),
        de: lines(values.features.de),
        fr: lines(values.features.fr),
      };
      for (const language of LANGUAGES) {
        const list = lists[language];
        if (
          list.length === 0 ||
          list.length > FEATURES_MAX ||
          list.some((l) => l.length > FEATURE_MAX_LENGTH)
        ) {
          problem(
            ["features", language],
            i18n.t("admin:packages.form.errors.features", { max: FEATURES_MAX, length: FEATURE_MAX_LENGTH }),
          );
        }
      }
      return {
        duration_months: Number(values.duration_months) as PackageFormValues["duration_months"],
        interest_rate: rate,
        min_amount: min,
        max_amount: max,
        features: lists,
        is_active: values.is_active,
        interest_payout: values.interest_payout,
        ...(values.bank_id ? { bank_id: values.bank_id } : {}),
      };
    });
}

/**
 * Create or edit a package: term, rate, limits, features in every language and availability. The
 * browser checks the same rules as the server, so most mistakes are explained before sending.
 */
export function PackageForm({
  initial,
  banks,
  onSubmit,
  onCancel,
  submitting,
  serverError,
  serverFields,
}: {
  initial: AdminPackage | null;
  /** The partner banks to choose from (the package's own first when editing). */
  banks: AdminBank[];
  onSubmit: (values: PackageFormValues) => void;
  onCancel: () => void;
  submitting: boolean;
  serverError: string | null;
  serverFields: ApiFieldError[];
}) {
  const { t, i18n: i18next } = useTranslation(["admin", "banks", "invest"]);
  const schema = useMemo(() => packageSchema(i18next.language), [i18next.language]);
  const { form, submit } = useApiForm({
    schema,
    defaultValues: {
      duration_months: String(initial?.duration_months ?? 12),
      interest_rate: initial ? String(initial.interest_rate) : "",
      min_amount: initial ? String(initial.min_amount) : "",
      max_amount: initial ? String(initial.max_amount) : "",
      features: {
        en: initial?.features.en.join("\n") ?? "",
        de: initial?.features.de.join("\n") ?? "",
        fr: initial?.features.fr.join("\n") ?? "",
      },
      is_active: initial?.is_active ?? true,
      bank_id: initial?.bank.id ?? banks[0]?.id ?? "",
      interest_payout: initial?.interest_payout ?? "at_maturity",
    },
    fallback: t("packages.form.invalid"),
  });
  const base = useId();
  const field = fieldsOf(form, base);
  const id = (name: string) => `${base}-${name.replace(".", "-")}`;

  // Field errors from the server (body.max_amount -> max_amount) when the browser let something through.
  const { setError } = form;
  useEffect(() => {
    for (const issue of serverFields) {
      const name = serverFieldName(issue.path).split(".").slice(0, 2).join(".");
      if (name) setError(name as never, { type: "server", message: t("packages.form.invalid") });
    }
  }, [serverFields, setError, t]);

  const numberField = (name: "interest_rate" | "min_amount" | "max_amount") => (
    <FormField {...field(name)} label={t(`packages.form.${name}`)} inputMode="decimal" />
  );

  return (
    <form className="card space-y-5" onSubmit={submit(onSubmit)} noValidate data-testid="package-form">
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">
        {initial ? t("packages.form.editTitle") : t("packages.form.createTitle")}
      </h2>
      <FormErrorAlert message={serverError} />
      <div className="grid gap-4 md:grid-cols-4">
        <SelectField {...field("duration_months")} label={t("packages.form.duration_months")}>
          {DURATIONS_MONTHS.map((months) => (
            <option key={months} value={months}>
              {t("applications.months", { count: months })}
            </option>
          ))}
        </SelectField>
        {numberField("interest_rate")}
        {numberField("min_amount")}
        {numberField("max_amount")}
      </div>
      <SelectField {...field("bank_id")} label={t("banks:admin.packageBank")}>
        {banks.map((bank) => (
          <option key={bank.id} value={bank.id}>
            {bank.name}
            {bank.status === "paused" ? ` (${t("banks:admin.statusPaused")})` : ""}
          </option>
        ))}
      </SelectField>
      <div>
        <SelectField {...field("interest_payout")} label={t("packages.form.interest_payout")}>
          {INTEREST_PAYOUTS.map((payout) => (
            <option key={payout} value={payout}>
              {t(`invest:interestPayout.${payout}`)}
            </option>
          ))}
        </SelectField>
        {initial && (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {t("packages.form.interest_payout_hint")}
          </p>
        )}
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t("packages.form.featuresHint")}</p>
      <div className="grid gap-4 md:grid-cols-3">
        {LANGUAGES.map((language) => (
          <TextAreaField
            key={language}
            form={form}
            name={`features.${language}`}
            id={id(`features.${language}`)}
            label={t(`packages.form.features.${language}`)}
            lang={language}
            className="input min-h-36"
          />
        ))}
      </div>
      <label className="flex items-center gap-2 text-slate-800 dark:text-slate-200">
        <input type="checkbox" className="h-4 w-4 accent-brand-700" {...form.register("is_active")} />
        {t("packages.form.active")}
      </label>
      {initial && (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t("packages.form.existingNote")}</p>
      )}
      <SubmitOrCancel
        className="flex gap-3"
        pending={submitting}
        label={t("packages.form.save")}
        pendingLabel={t("packages.form.saving")}
        cancelLabel={t("packages.form.cancel")}
        onCancel={onCancel}
      />
    </form>
  );
}
