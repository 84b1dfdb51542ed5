import type { MaturityInstruction, Package } from "@festgeld/domain";
import { LIMITS, MATURITY_INSTRUCTIONS } from "@festgeld/domain/constants";
import { formatIban } from "@festgeld/domain/iban";
import { calculateReturn } from "@festgeld/domain/money";
import type { FormEvent, ReactNode } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DepositGuaranteeWarning } from "../../../components/money/deposit-guarantee-warning.tsx";
import { NetReturnEstimate } from "../../../components/money/net-return-estimate.tsx";
import { describedBy, FieldError } from "../../../components/ui/field-error.tsx";
import { parseDecimal } from "../../../lib/decimal.ts";
import { formatMoney, formatRate } from "../../../lib/format.ts";
import {
  AMOUNT_STEP,
  type ApplicationFormValues,
  type FieldName,
  MESSAGE_MAX,
} from "../lib/application-form.ts";

interface Props {
  idPrefix: string;
  values: ApplicationFormValues;
  errors: Partial<Record<FieldName, string>>;
  packages: Package[];
  packagesFailed: boolean;
  failure: string | null;
  submitting: boolean;
  onChange: <K extends FieldName>(field: K, value: ApplicationFormValues[K]) => void;
  onSubmit: (event: FormEvent) => void;
}

/** The application form: labelled controls, hints and translated errors tied by aria-describedby. */
export function ApplicationForm({
  idPrefix,
  values,
  errors,
  packages,
  packagesFailed,
  failure,
  submitting,
  onChange,
  onSubmit,
}: Props) {
  const { t, i18n } = useTranslation("invest");
  const language = i18n.language;
  const id = (field: FieldName) => `${idPrefix}-${field}`;
  const errorId = (field: FieldName) => `${idPrefix}-${field}-error`;
  const hintId = (field: FieldName) => `${idPrefix}-${field}-hint`;
  const a11y = (field: FieldName, hint = false) => ({
    id: id(field),
    name: field,
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": describedBy(hint && hintId(field), errors[field] && errorId(field)),
  });
  const selected = packages.find((p) => p.id === values.package_id);
  const money = (value: number, currency = "EUR") => formatMoney(value, currency, language, { whole: true });
  const amountValue = parseDecimal(values.amount, language) ?? Number.NaN;
  // The return of the chosen package for the amount entered, once the amount is within its limits.
  const expected =
    selected &&
    values.amount !== "" &&
    amountValue >= selected.min_amount &&
    amountValue <= selected.max_amount
      ? calculateReturn({
          amount: amountValue,
          ratePercent: selected.interest_rate,
          months: selected.duration_months,
        })
      : null;

  const text = (
    field: "full_name" | "email" | "phone",
    type: string,
    autoComplete: string,
    extra: { inputMode?: "email" | "tel" } = {},
  ) => (
    <div>
      <label htmlFor={id(field)} className="label">
        {t(`apply.fields.${field}`)}
      </label>
      <input
        {...a11y(field)}
        type={type}
        autoComplete={autoComplete}
        required
        maxLength={field === "email" ? 254 : field === "phone" ? 32 : 200}
        className="input"
        value={values[field]}
        onChange={(e) => onChange(field, e.target.value)}
        {...extra}
      />
      <FieldError id={errorId(field)} message={errors[field]} />
    </div>
  );

  const section = (key: string, title: string, children: ReactNode) => (
    <section className="card space-y-5" aria-labelledby={`${idPrefix}-section-${key}`}>
      <h2 id={`${idPrefix}-section-${key}`} className="text-xl font-bold text-slate-900 dark:text-white">
        {title}
      </h2>
      {children}
    </section>
  );

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="space-y-6"
      aria-label={t("apply.formLabel")}
      data-testid="apply-form"
    >
      {section(
        "personal",
        t("apply.sections.personal"),
        <>
          {text("full_name", "text", "name")}
          {text("email", "email", "email", { inputMode: "email" })}
          {text("phone", "tel", "tel", { inputMode: "tel" })}
        </>,
      )}

      {section(
        "deposit",
        t("apply.sections.deposit"),
        <>
          <div>
            <label htmlFor={id("package_id")} className="label">
              {t("apply.fields.package_id")}
            </label>
            <select
              {...a11y("package_id", packagesFailed)}
              required
              className="input"
              value={values.package_id}
              onChange={(e) => onChange("package_id", e.target.value)}
            >
              <option value="">{t("apply.packagePlaceholder")}</option>
              {packages.map((pkg) => (
                <option key={pkg.id} value={pkg.id}>
                  {t("apply.packageOption", {
                    term: t("packages.months", { count: pkg.duration_months }),
                    rate: formatRate(pkg.interest_rate, language),
                    min: money(pkg.min_amount, pkg.currency),
                    max: money(pkg.max_amount, pkg.currency),
                  })}
                </option>
              ))}
            </select>
            {packagesFailed && (
              <p id={hintId("package_id")} className="mt-1 text-sm text-slate-600 dark:text-slate-300">
                {t("packages.empty")}
              </p>
            )}
            <FieldError id={errorId("package_id")} message={errors.package_id} />
          </div>

          <div>
            <label htmlFor={id("amount")} className="label">
              {t("apply.fields.amount")}
            </label>
            <input
              {...a11y("amount", true)}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              required
              className="input"
              value={values.amount}
              onChange={(e) => onChange("amount", e.target.value)}
            />
            <p id={hintId("amount")} className="mt-1 text-sm text-slate-600 dark:text-slate-300">
              {selected
                ? t("apply.amountHintPackage", {
                    min: money(Math.max(LIMITS.minAmount, selected.min_amount), selected.currency),
                    max: money(selected.max_amount, selected.currency),
                    step: money(AMOUNT_STEP, selected.currency),
                  })
                : t("apply.amountHint", { min: money(LIMITS.minAmount), step: money(AMOUNT_STEP) })}
            </p>
            <FieldError id={errorId("amount")} message={errors.amount} />
            <DepositGuaranteeWarning addEuros={amountValue} where="apply" />
            {expected && selected && (
              <NetReturnEstimate grossInterest={expected.total_interest} currency={selected.currency} />
            )}
          </div>

          <div>
            <label htmlFor={id("message")} className="label">
              {t("apply.fields.message")}
            </label>
            <textarea
              {...a11y("message")}
              rows={3}
              maxLength={MESSAGE_MAX}
              className="input"
              value={values.message}
              onChange={(e) => onChange("message", e.target.value)}
            />
            <FieldError id={errorId("message")} message={errors.message} />
          </div>
        </>,
      )}

      {section(
        "account",
        t("apply.sections.account"),
        <>
          <div>
            <label htmlFor={id("reference_iban")} className="label">
              {t("apply.fields.reference_iban")}
            </label>
            <input
              {...a11y("reference_iban", true)}
              type="text"
              required
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={42}
              className="input font-mono tracking-wide"
              value={values.reference_iban}
              onChange={(e) => onChange("reference_iban", e.target.value)}
              // Shown in groups of four once typed, the way it appears on bank statements.
              onBlur={(e) => {
                const formatted = formatIban(e.target.value);
                if (formatted !== e.target.value) onChange("reference_iban", formatted);
              }}
            />
            <p id={hintId("reference_iban")} className="mt-1 text-sm text-slate-600 dark:text-slate-300">
              {t("apply.ibanHint")}
            </p>
            <FieldError id={errorId("reference_iban")} message={errors.reference_iban} />
          </div>

          <fieldset
            aria-describedby={describedBy(errors.maturity_instruction && errorId("maturity_instruction"))}
          >
            <legend className="label">{t("apply.fields.maturity_instruction")}</legend>
            <div className="mt-2 space-y-3">
              {MATURITY_INSTRUCTIONS.map((option: MaturityInstruction, index) => {
                const optionId =
                  index === 0 ? id("maturity_instruction") : `${id("maturity_instruction")}-${option}`;
                return (
                  <div key={option} className="flex items-start gap-3">
                    <input
                      id={optionId}
                      type="radio"
                      name="maturity_instruction"
                      value={option}
                      required
                      className="mt-1 h-4 w-4 accent-brand-700"
                      checked={values.maturity_instruction === option}
                      aria-describedby={describedBy(
                        `${optionId}-description`,
                        errors.maturity_instruction && errorId("maturity_instruction"),
                      )}
                      aria-invalid={errors.maturity_instruction ? true : undefined}
                      onChange={() => onChange("maturity_instruction", option)}
                    />
                    <div>
                      <label htmlFor={optionId} className="font-medium text-slate-900 dark:text-white">
                        {t(`maturity.${option}.label`)}
                      </label>
                      <p
                        id={`${optionId}-description`}
                        className="text-sm text-slate-600 dark:text-slate-300"
                      >
                        {t(`maturity.${option}.description`)}
                      </p>
                    </div>
                  </div>
                );
              })}
            </div>
            <FieldError id={errorId("maturity_instruction")} message={errors.maturity_instruction} />
          </fieldset>

          <div>
            <div className="flex items-start gap-3">
              <input
                {...a11y("info_sheet_acknowledged")}
                type="checkbox"
                required
                className="mt-1 h-4 w-4 accent-brand-700"
                checked={values.info_sheet_acknowledged}
                onChange={(e) => onChange("info_sheet_acknowledged", e.target.checked)}
              />
              <label
                htmlFor={id("info_sheet_acknowledged")}
                className="text-sm text-slate-800 dark:text-slate-200"
              >
                <Trans
                  t={t}
                  i18nKey="apply.acknowledge"
                  components={{
                    infoLink: (
                      <Link
                        to="/deposit-insurance"
                        target="_blank"
                        rel="noopener"
                        className="font-semibold text-brand-700 underline dark:text-brand-200"
                      />
                    ),
                    newTab: <span className="sr-only" />,
                  }}
                />
              </label>
            </div>
            <FieldError id={errorId("info_sheet_acknowledged")} message={errors.info_sheet_acknowledged} />
          </div>
        </>,
      )}

      {failure && (
        <p
          role="alert"
          className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {failure}
        </p>
      )}

      <button type="submit" className="btn-primary w-full" disabled={submitting}>
        {submitting ? t("apply.submitting") : t("apply.submit")}
      </button>
    </form>
  );
}
