import type { Application } from "@festgeld/domain";
import { MATURITY_INSTRUCTIONS } from "@festgeld/domain/constants";
import { useId, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import {
  InfoSheetAcknowledgementField,
  MaturityInstructionField,
  ReferenceIbanField,
} from "../../../components/deposits/details-fields.tsx";
import { instructionFields } from "../../../components/deposits/min-rate.ts";
import { SubmitButton } from "../../../components/ui/submit-button.tsx";
import { lazySchema, useApiForm } from "../../../lib/forms.ts";
import { useCompleteDetails } from "../api/complete-details.ts";

/** The order in which a missing detail is named when the saver saves too early. */
const DETAILS = ["reference_iban", "maturity_instruction", "info_sheet_acknowledged"] as const;

/**
 * A pending application sent without the details a deposit needs (reference IBAN, instruction at
 * maturity, receipt of the depositor information sheet): the saver gives them here. Until then staff
 * cannot approve it (the server answers application_incomplete).
 */
export function CompleteDetails({ application }: { application: Application }) {
  const { t, i18n } = useTranslation("invest");
  const base = useId();
  const complete = useCompleteDetails(application.id);
  const language = i18n.language;
  // Built, with the contract's schema and zod itself, when the form is first checked, not as the card
  // loads and renders (lib/forms.ts, lazySchema).
  const schema = useMemo(
    () =>
      lazySchema(async () => {
        const [{ applicationDetailsRequestSchema }, { z }] = await Promise.all([
          import("../api/request-schemas.ts"),
          import("zod"),
        ]);
        return z
          .object({
            // Checked here first: the details schema decides by the instruction (a union), and a missing
            // instruction would otherwise be the only problem named, even with no IBAN given.
            reference_iban: z.string().trim().min(1),
            maturity_instruction: z.enum(MATURITY_INSTRUCTIONS).optional(),
            renew_min_rate: z.string().optional(),
            info_sheet_acknowledged: z.boolean(),
          })
          .transform(({ renew_min_rate, maturity_instruction, ...rest }) => ({
            ...rest,
            ...(maturity_instruction
              ? instructionFields(maturity_instruction, renew_min_rate, language)
              : {}),
          }))
          .pipe(applicationDetailsRequestSchema);
      }),
    [language],
  );
  const { form, formError, setFormError, submit, pending } = useApiForm({
    schema,
    defaultValues: {
      reference_iban: "",
      maturity_instruction: application.maturity_instruction ?? undefined,
      renew_min_rate: "",
      info_sheet_acknowledged: false,
    },
    fallback: t("completeDetails.failed"),
    requiredMessages: {
      reference_iban: t("completeDetails.needIban"),
      maturity_instruction: t("completeDetails.needInstruction"),
      info_sheet_acknowledged: t("completeDetails.needAcknowledgement"),
    },
    shouldFocusError: false,
  });
  const problemRef = useRef<HTMLParagraphElement>(null);
  const headingId = `${base}-heading`;
  const focusProblem = () => queueMicrotask(() => problemRef.current?.focus());

  const save = submit(
    async (body) => {
      try {
        await complete.mutateAsync(body);
      } catch (error) {
        focusProblem();
        throw error;
      }
    },
    // The first missing detail is named in the message, which takes the focus.
    (errors) => {
      const first = DETAILS.map((name) => errors[name]?.message).find(Boolean);
      setFormError(first ?? null);
      focusProblem();
    },
  );

  return (
    <form
      id={`details-${application.id}`}
      onSubmit={save}
      noValidate
      aria-labelledby={headingId}
      className="mt-4 space-y-4 rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950"
      data-testid="complete-details"
    >
      <div>
        <h4 id={headingId} className="font-bold text-slate-900 dark:text-white">
          {t("completeDetails.title")}
        </h4>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-200">{t("completeDetails.intro")}</p>
        <ul className="mt-2 list-disc ps-5 text-sm text-slate-700 dark:text-slate-200">
          {application.missing_details.map((detail) => (
            <li key={detail}>{t(`completeDetails.missing.${detail}`)}</li>
          ))}
        </ul>
      </div>
      <ReferenceIbanField form={form} name="reference_iban" id={`${base}-iban`} />
      <MaturityInstructionField
        form={form}
        name="maturity_instruction"
        id={`${base}-instruction`}
        legend={t("apply.fields.maturity_instruction")}
        className="mt-1 accent-brand-700"
        minRateName="renew_min_rate"
      />
      <InfoSheetAcknowledgementField form={form} name="info_sheet_acknowledged" id={`${base}-ack`} />
      {formError && (
        <p
          ref={problemRef}
          tabIndex={-1}
          role="alert"
          className="text-sm font-semibold text-red-800 dark:text-red-300"
        >
          {formError}
        </p>
      )}
      <SubmitButton
        pending={pending}
        label={t("completeDetails.submit")}
        pendingLabel={t("completeDetails.saving")}
      />
    </form>
  );
}
