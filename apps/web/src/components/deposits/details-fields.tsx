import { MATURITY_INSTRUCTIONS } from "@festgeld/domain/constants";
import { formatIban } from "@festgeld/domain/iban";
import type { FieldPath, FieldValues, PathValue } from "react-hook-form";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { fieldError } from "../../lib/forms.ts";
import { describedBy, FieldError } from "../ui/field-error.tsx";
import { type BoundProps, FormField } from "../ui/form-field.tsx";

/**
 * The deposit details a saver gives on the application and later on the dashboard, bound to a
 * react-hook-form form (lib/forms.ts): the reference account, the instruction at maturity and the
 * receipt of the depositor information sheet.
 */

/** The IBAN of the saver's reference account: any spacing is fine, shown in groups of four once typed. */
export function ReferenceIbanField<T extends FieldValues>({
  form,
  name,
  id,
}: BoundProps<T> & { id: string }) {
  const { t } = useTranslation("invest");
  return (
    <FormField
      form={form}
      name={name}
      id={id}
      label={t("apply.fields.reference_iban")}
      hint={t("apply.ibanHint")}
      required
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={42}
      className="input font-mono tracking-wide"
      // Grouped in fours on leaving the field, the way it appears on bank statements.
      onBlur={(event) => {
        const formatted = formatIban(event.target.value);
        if (formatted !== event.target.value) form.setValue(name, formatted as PathValue<T, FieldPath<T>>);
      }}
    />
  );
}

/**
 * The instruction at maturity as radio buttons; `describe` adds each option's explanation. With
 * `minRateName`, choosing "renew only at a minimum rate" shows the field for that rate.
 */
export function MaturityInstructionField<T extends FieldValues>({
  form,
  name,
  id,
  legend,
  legendClassName = "label",
  describe = false,
  className = "mt-1 h-4 w-4 accent-brand-700",
  minRateName,
}: BoundProps<T> & {
  id: string;
  legend: string;
  legendClassName?: string;
  describe?: boolean;
  className?: string;
  minRateName?: FieldPath<T>;
}) {
  const { t } = useTranslation("invest");
  const error = fieldError(form, name);
  const errorId = `${id}-error`;
  const rule = form.watch(name) === "renew_if_rate_at_least";
  return (
    <fieldset aria-describedby={describedBy(error && errorId)}>
      <legend className={legendClassName}>{legend}</legend>
      <div className="mt-2 space-y-2">
        {MATURITY_INSTRUCTIONS.map((option, index) => {
          const optionId = index === 0 ? id : `${id}-${option}`;
          return (
            <div key={option} className="flex items-start gap-3">
              <input
                id={optionId}
                type="radio"
                value={option}
                required
                className={className}
                {...form.register(name)}
                aria-describedby={describedBy(describe && `${optionId}-description`, error && errorId)}
                aria-invalid={error ? true : undefined}
              />
              <div>
                <label htmlFor={optionId} className="text-sm font-medium text-slate-900 dark:text-white">
                  {t(`maturity.${option}.label`)}
                </label>
                {describe && (
                  <p id={`${optionId}-description`} className="text-sm text-slate-600 dark:text-slate-300">
                    {t(`maturity.${option}.description`)}
                  </p>
                )}
              </div>
            </div>
          );
        })}
      </div>
      <FieldError id={errorId} message={error} />
      {rule && minRateName && (
        <div className="mt-3 max-w-xs">
          <FormField
            form={form}
            name={minRateName}
            id={`${id}-min-rate`}
            label={t("maturity.renew_if_rate_at_least.minRate")}
            hint={t("maturity.renew_if_rate_at_least.minRateHint")}
            inputMode="decimal"
            autoComplete="off"
            required
          />
        </div>
      )}
    </fieldset>
  );
}

/** The confirmation that the depositor information sheet was received (a link opens it in a new tab). */
export function InfoSheetAcknowledgementField<T extends FieldValues>({
  form,
  name,
  id,
}: BoundProps<T> & { id: string }) {
  const { t } = useTranslation("invest");
  const error = fieldError(form, name);
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          required
          className="mt-1 h-4 w-4 accent-brand-700"
          {...form.register(name)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(error && `${id}-error`)}
        />
        <label htmlFor={id} className="text-sm text-slate-800 dark:text-slate-200">
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
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
