import type { Application, Package } from "@festgeld/domain";
import { LIMITS } from "@festgeld/domain/constants";
import { calculateReturn } from "@festgeld/domain/plan";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useId, useMemo } from "react";
import { useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import {
  InfoSheetAcknowledgementField,
  MaturityInstructionField,
  ReferenceIbanField,
} from "../../../components/deposits/details-fields.tsx";
import { AmountField } from "../../../components/money/amount-field.tsx";
import { AMOUNT_STEP, decimalValue } from "../../../components/money/amount-rules.ts";
import { DepositGuaranteeWarning } from "../../../components/money/deposit-guarantee-warning.tsx";
import { NetReturnEstimate } from "../../../components/money/net-return-estimate.tsx";
import { FormErrorAlert } from "../../../components/ui/form-alert.tsx";
import {
  EmailField,
  FullNameField,
  fieldsOf,
  PhoneField,
  SelectField,
  TextAreaField,
} from "../../../components/ui/form-field.tsx";
import { Section } from "../../../components/ui/section.tsx";
import { SubmitButton } from "../../../components/ui/submit-button.tsx";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { countryName } from "../../../lib/banks.ts";
import { formatMoney, formatRate } from "../../../lib/format.ts";
import { useApiForm } from "../../../lib/forms.ts";
import { useSession } from "../../../lib/session.tsx";
import { createApplication } from "../api/applications-api.ts";
import {
  applicationSchema,
  type Carried,
  FIELD_OF_ERROR_CODE,
  MESSAGE_MAX,
  startingValues,
} from "../lib/application-form.ts";

interface Props {
  packages: Package[];
  packagesFailed: boolean;
  /** The package, amount or term handed on by /packages, /compare or the calculator. */
  carried: Carried;
  onSubmitted: (application: Application) => void;
}

/**
 * The application form on the shared form plumbing (lib/forms.ts): the checks of
 * lib/application-form.ts in the saver's language, translated errors tied by aria-describedby, focus on
 * the first invalid field, the expected return of the chosen package for the amount typed. Signed in,
 * name and e-mail are prefilled (never over what the saver typed).
 */
export function ApplicationForm({ packages, packagesFailed, carried, onSubmitted }: Props) {
  const { t, i18n } = useTranslation(["invest", "banks"]);
  const language = i18n.language;
  const idPrefix = useId();
  const id = (field: string) => `${idPrefix}-${field}`;
  const { user } = useSession();
  const queryClient = useQueryClient();
  const schema = useMemo(() => applicationSchema(packages, language), [packages, language]);
  const { form, formError, setFormError, submit, pending } = useApiForm({
    schema,
    defaultValues: startingValues(carried, packages, language),
    fallback: t("apply.error"),
  });
  const field = fieldsOf(form, idPrefix);
  const { getValues, setValue } = form;

  useEffect(() => {
    if (!user) return;
    if (!getValues("full_name")) setValue("full_name", user.full_name);
    if (!getValues("email")) setValue("email", user.email);
  }, [user, getValues, setValue]);

  // A package no longer offered (the list was loaded again after a refusal) is chosen no more.
  useEffect(() => {
    const chosen = getValues("package_id");
    if (chosen && !packages.some((p) => p.id === chosen)) setValue("package_id", "");
  }, [packages, getValues, setValue]);

  const [packageId, amountText] = useWatch({ control: form.control, name: ["package_id", "amount"] });
  const selected = packages.find((p) => p.id === packageId);
  const money = (value: number, currency = "EUR") => formatMoney(value, currency, language, { whole: true });
  const amount = decimalValue(amountText, language);
  // The return of the chosen package for the amount entered, once the amount is within its limits.
  const expected =
    selected && amount >= selected.min_amount && amount <= selected.max_amount
      ? calculateReturn({
          amount,
          ratePercent: selected.interest_rate,
          months: selected.duration_months,
          interestPayout: selected.interest_payout,
        })
      : null;

  const send = submit(
    async (request) => {
      try {
        onSubmitted(await createApplication(request));
      } catch (error) {
        console.error("Application failed", error);
        if (error instanceof ApiError) {
          // A refusal that names no field is shown beside the field it is about.
          const field = FIELD_OF_ERROR_CODE[error.code];
          if (field) form.setError(field, { type: "server", message: errorMessage(error, t("apply.error")) });
          if (error.code === "package_inactive" || error.code === "package_not_found") {
            void queryClient.invalidateQueries({ queryKey: ["packages"] });
          }
        }
        throw error;
      }
    },
    () => setFormError(t("apply.fixFields")),
  );

  const section = (key: string, title: string, children: ReactNode) => (
    <Section id={id(`section-${key}`)} title={title} className="card space-y-5">
      {children}
    </Section>
  );

  return (
    <form
      noValidate
      onSubmit={send}
      className="space-y-6"
      aria-label={t("apply.formLabel")}
      data-testid="apply-form"
    >
      {section(
        "personal",
        t("apply.sections.personal"),
        <>
          <FullNameField {...field("full_name")} label={t("apply.fields.full_name")} />
          <EmailField {...field("email")} label={t("apply.fields.email")} />
          <PhoneField {...field("phone")} label={t("apply.fields.phone")} />
        </>,
      )}

      {section(
        "deposit",
        t("apply.sections.deposit"),
        <>
          <SelectField
            {...field("package_id")}
            label={t("apply.fields.package_id")}
            hint={packagesFailed ? t("packages.empty") : undefined}
            required
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
                {` · ${pkg.bank.name}`}
                {pkg.interest_payout === "monthly" ? ` · ${t("interestPayout.monthly")}` : ""}
              </option>
            ))}
          </SelectField>
          {selected && (
            <p className="-mt-2 text-sm text-slate-600 dark:text-slate-300" data-testid="apply-bank">
              {t("banks:card.bankOf", {
                bank: selected.bank.name,
                country: countryName(selected.bank.country, language),
              })}
            </p>
          )}
          {selected?.interest_payout === "monthly" && (
            <p className="-mt-2 text-sm text-slate-600 dark:text-slate-300" data-testid="apply-payout">
              {t("interestPayout.monthlyNote")}
              {expected?.interest_payments?.[0] &&
                ` ${t("interestPayout.monthlyPaymentIs", { amount: formatMoney(expected.interest_payments[0].amount, selected.currency, language) })}.`}
            </p>
          )}

          <AmountField
            {...field("amount")}
            label={t("apply.fields.amount")}
            hint={
              selected
                ? t("apply.amountHintPackage", {
                    min: money(Math.max(LIMITS.minAmount, selected.min_amount), selected.currency),
                    max: money(selected.max_amount, selected.currency),
                    step: money(AMOUNT_STEP, selected.currency),
                  })
                : t("apply.amountHint", { min: money(LIMITS.minAmount), step: money(AMOUNT_STEP) })
            }
          >
            <DepositGuaranteeWarning addEuros={amount} where="apply" bank={selected?.bank} />
            {expected && selected && (
              <NetReturnEstimate grossInterest={expected.total_interest} currency={selected.currency} />
            )}
          </AmountField>

          <TextAreaField
            {...field("message")}
            label={t("apply.fields.message")}
            rows={3}
            maxLength={MESSAGE_MAX}
          />
        </>,
      )}

      {section(
        "account",
        t("apply.sections.account"),
        <>
          <ReferenceIbanField {...field("reference_iban")} />
          <MaturityInstructionField
            {...field("maturity_instruction")}
            legend={t("apply.fields.maturity_instruction")}
            describe
            minRateName="renew_min_rate"
          />
          <InfoSheetAcknowledgementField {...field("info_sheet_acknowledged")} />
        </>,
      )}

      <FormErrorAlert message={formError} />
      <SubmitButton
        pending={pending}
        label={t("apply.submit")}
        pendingLabel={t("apply.submitting")}
        className="btn-primary w-full"
      />
    </form>
  );
}
