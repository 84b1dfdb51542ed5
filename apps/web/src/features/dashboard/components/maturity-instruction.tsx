import type { Deposit } from "@festgeld/domain";
import { MATURITY_INSTRUCTIONS } from "@festgeld/domain/constants";
import { useId, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { instructionFields } from "../../../components/deposits/min-rate.ts";
import { ErrorText } from "../../../components/ui/form-alert.tsx";
import { FormField } from "../../../components/ui/form-field.tsx";
import { SubmitButton } from "../../../components/ui/submit-button.tsx";
import { decimalInputText } from "../../../lib/decimal.ts";
import { formatRate } from "../../../lib/format.ts";
import { businessToday, formatCalendarDate } from "../../../lib/format-date.ts";
import { lazySchema, useApiForm } from "../../../lib/forms.ts";
import { toast } from "../../../lib/toast.ts";
import { useChangeInstruction } from "../api/application-actions.ts";

/**
 * What happens at maturity, with its cut-off (5 days before maturity) and, while it may still change,
 * a form to change it. The server decides: after the cut-off its refusal is shown, translated.
 */
export function MaturityInstructionForm({ deposit }: { deposit: Deposit }) {
  const { t, i18n } = useTranslation(["deposits", "invest"]);
  const language = i18n.language;
  const change = useChangeInstruction();
  // Built, with the contract's schema and zod itself, when the form is first checked, not as the card
  // loads and renders (lib/forms.ts, lazySchema).
  const schema = useMemo(
    () =>
      lazySchema(async () => {
        const [{ maturityInstructionRequestSchema }, { z }] = await Promise.all([
          import("../api/request-schemas.ts"),
          import("zod"),
        ]);
        return z
          .object({
            maturity_instruction: z.enum(MATURITY_INSTRUCTIONS),
            renew_min_rate: z.string().optional(),
          })
          .transform((v) => instructionFields(v.maturity_instruction, v.renew_min_rate, language))
          .pipe(maturityInstructionRequestSchema);
      }),
    [language],
  );
  const savedRate = deposit.renew_min_rate === null ? "" : decimalInputText(deposit.renew_min_rate, language);
  const { form, formError, submit, pending } = useApiForm({
    schema,
    defaultValues: { maturity_instruction: deposit.maturity_instruction, renew_min_rate: savedRate },
    fallback: t("instruction.failed"),
  });
  const choice = form.watch("maturity_instruction");
  const rateText = form.watch("renew_min_rate");
  const legendId = useId();
  const cutoff = deposit.instruction_cutoff;
  const running = deposit.status === "awaiting_funds" || deposit.status === "active";
  const open = running && (!cutoff || businessToday() <= cutoff);

  return (
    <section className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-700" data-testid="instruction">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        <span className="font-semibold text-slate-900 dark:text-white">{t("instruction.current")}</span>{" "}
        <span data-testid="instruction-current">
          {t(`invest:maturity.${deposit.maturity_instruction}.label`)}
        </span>
      </p>
      {deposit.renew_min_rate !== null && (
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300" data-testid="instruction-min-rate">
          {t("invest:maturity.renew_if_rate_at_least.minRate")}:{" "}
          {formatRate(deposit.renew_min_rate, language)}
        </p>
      )}
      {running && (
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300" data-testid="instruction-cutoff">
          {cutoff
            ? open
              ? t("instruction.until", { date: formatCalendarDate(cutoff, language, "long") })
              : t("instruction.closed", { date: formatCalendarDate(cutoff, language, "long") })
            : t("instruction.untilLater")}
        </p>
      )}
      {open && (
        <form
          className="mt-3"
          noValidate
          onSubmit={submit(async (body) => {
            await change.mutateAsync({ id: deposit.id, ...body });
            toast(t("instruction.saved"), "success");
          })}
        >
          <fieldset aria-labelledby={legendId}>
            <legend id={legendId} className="text-sm font-semibold text-slate-900 dark:text-white">
              {t("instruction.legend")}
            </legend>
            <div className="mt-2 space-y-2">
              {MATURITY_INSTRUCTIONS.map((value) => (
                <label
                  key={value}
                  className="flex items-start gap-2 text-sm text-slate-800 dark:text-slate-200"
                >
                  <input
                    type="radio"
                    value={value}
                    {...form.register("maturity_instruction")}
                    className="mt-1"
                  />
                  <span>{t(`invest:maturity.${value}.label`)}</span>
                </label>
              ))}
            </div>
            {choice === "renew_if_rate_at_least" && (
              <div className="mt-3 max-w-xs">
                <FormField
                  form={form}
                  name="renew_min_rate"
                  id={`${legendId}-min-rate`}
                  label={t("invest:maturity.renew_if_rate_at_least.minRate")}
                  hint={t("invest:maturity.renew_if_rate_at_least.minRateHint")}
                  inputMode="decimal"
                  autoComplete="off"
                  required
                />
              </div>
            )}
          </fieldset>
          <ErrorText message={formError} className="mt-2" />
          <SubmitButton
            pending={pending}
            disabled={choice === deposit.maturity_instruction && (rateText ?? "") === savedRate}
            className="btn-secondary mt-3"
            label={t("instruction.save")}
            pendingLabel={t("instruction.saving")}
          />
        </form>
      )}
    </section>
  );
}
